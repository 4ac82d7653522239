// Post Tasks from a CSV (docs/product/batch-posting.md): upload, a preview of every row with its errors, "Post all".
// Without JavaScript it is the same two plain posts: the upload redirects to its preview (?draft=<id>), and "Post all"
// redirects to My Tasks with a flash (or back to the preview with the refusal).
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import * as v from "valibot";
import type { Route } from "./+types/batch-tasks";
import { PageHeader } from "~/components/dashboard-shell";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Badge } from "~/components/ui/badge";
import { CardRow, CardTable, Cell, type CardColumn } from "~/components/responsive-list";
import { getEnv } from "~/server/context";
import { buyerUser } from "~/server/auth/guards.server";
import { confirmAction } from "~/server/http/page-action.server";
import { readForm } from "~/server/http/form.server";
import { AppError, refusal } from "~/server/errors";
import { rateLimitUploads } from "~/server/services/images.server";
import {
  FILE_TOO_LARGE,
  postTaskBatchDraft,
  saveTaskBatchDraft,
  taskBatchPreview,
} from "~/server/services/task-batches.server";
import { requiredText } from "~/lib/schemas/fields";
import { readSearch } from "~/lib/schemas/paging";
import { taskCost } from "~/lib/coins";
import { formatCoins, formatCount } from "~/lib/format";
import { NOT_AVAILABLE_COIN, postedWords, shortOfCoinsWords } from "~/lib/posting";
import { TASK_FIELD_NAMES as NAMES } from "~/lib/task-fields";
import { TaskSaved } from "~/components/buyer/task-form";
import { EnhancedMarker } from "~/components/actions/enhanced";
import { outcomeText, type Outcome } from "~/lib/enhanced";
import { overBalance } from "./task-form.server";
import { BATCH_COLUMNS, MAX_BATCH_BYTES, OPTIONAL_COLUMNS } from "~/lib/task-batch";

export const meta: Route.MetaFunction = () => [{ title: "Post Tasks from a CSV · Coinwork" }];

const PATH = "/dashboard/batchtasks";
const draftQuery = v.object({ draft: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(64))), undefined) });
const postSchema = v.object({ intent: v.literal("post"), id: requiredText("Upload a file first", 64) });

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = buyerUser(context);
  const { draft } = readSearch(request.url, draftQuery);
  const preview = draft ? await taskBatchPreview(getEnv(context), user, draft) : null;
  return { asked: Boolean(draft), preview };
}

/** A file the page cannot take: its words on the page again (never a redirect that hides them). */
function uploadRefused(e: unknown) {
  if (e instanceof Response) throw e;
  const r = refusal(e);
  return data({ ok: false as const, title: "Upload refused", message: r.message }, { status: r.status });
}

/** An upload becomes a draft and its preview; "Post all" (intent=post) posts the draft's tasks. */
export async function action(args: Route.ActionArgs) {
  const { context, request } = args;
  const user = buyerUser(context);
  const env = getEnv(context);
  try {
    await rateLimitUploads(env, request, user.id);
    // read from a copy, so that "Post all" goes on to the pipeline with its body unread
    const form = await readForm(request.clone() as Request, {
      maxBytes: MAX_BATCH_BYTES + 64 * 1024,
      tooLarge: FILE_TOO_LARGE,
    });
    if (form.get("intent") === "post") return postAll(args);
    const file = form.get("csv");
    if (!(file instanceof File) || file.size === 0) return data(NO_FILE, { status: 422 });
    const id = await saveTaskBatchDraft(env, user, file.name, new Uint8Array(await file.arrayBuffer()));
    return redirect(`${PATH}?draft=${id}`);
  } catch (e) {
    return uploadRefused(e);
  }
}

const NO_FILE = { ok: false as const, title: "Upload refused", message: "Choose a CSV file to upload." };

/** "Post all": answered as Add Task answers one task (the same words, the same popup, the same way to Purchase Coin). */
const postAll = (args: Route.ActionArgs) =>
  confirmAction(args, {
    user: buyerUser,
    schema: postSchema,
    failure: () => ({ title: "Nothing was posted" }),
    async run(input, { user, env }) {
      try {
        const posted = await postTaskBatchDraft(env, user, input.id);
        return { ...postedWords({ tasks: posted.tasks, coins: posted.coins }), to: "/dashboard/mytasks" };
      } catch (e) {
        // the balance was spent since the preview read it
        if (e instanceof AppError && e.code === "insufficient_coins") {
          const cost = Number(e.extra?.cost ?? 0);
          throw overBalance(Number(e.extra?.tasks ?? 0), cost, Math.max(cost - Number(e.extra?.missing ?? 0), 0));
        }
        throw e;
      }
    },
  });

const columnList = BATCH_COLUMNS.map((c) => (OPTIONAL_COLUMNS.includes(c) ? `${c} (optional)` : c)).join(", ");

export default function BatchTasks({ loaderData }: Route.ComponentProps) {
  const { asked, preview } = loaderData;
  const answered = useActionData<typeof action>() as Outcome | undefined;
  // "Post all" answers with Add Task's popup; a refused upload or posting shows its words on the page
  const refused = answered && !answered.ok ? answered : undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader
        title="Post Tasks from a CSV"
        description="Post up to 1,000 tasks at once: every task is posted, or none."
        actions={
          <Link to="/dashboard/addtask" className={buttonVariants({ variant: "outline" })}>
            Add one task
          </Link>
        }
      />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Upload a file</CardTitle>
            <CardDescription>
              A CSV file in UTF-8, at most 1 MB and 1,000 tasks, one task a row under a header row. The columns are Add
              Task&apos;s fields: {columnList}. An image is the address of an image already uploaded to Coinwork.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <a href={`${PATH}/template.csv`} download className={buttonVariants({ variant: "outline" })}>
              Download the template
            </a>
            <Form method="post" action={PATH} encType="multipart/form-data" className="grid gap-3 sm:flex sm:items-end">
              <label className="grid gap-1.5 text-sm font-medium">
                CSV file
                <input
                  type="file"
                  name="csv"
                  accept=".csv,text/csv"
                  required
                  className="block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-border file:bg-muted file:px-3 file:py-2 file:font-medium focus-visible:outline-2 focus-visible:outline-brand-600"
                />
              </label>
              <Button type="submit" disabled={busy}>
                Upload and preview
              </Button>
            </Form>
            {refused ? (
              <Alert tone="danger" title={refused.title}>
                {outcomeText(refused)}
              </Alert>
            ) : null}
          </CardContent>
        </Card>
        {asked && !preview ? <Alert tone="warning">This upload is no longer here. Upload the file again.</Alert> : null}
        {preview ? <Preview preview={preview} busy={busy} /> : null}
      </div>
      <TaskSaved outcome={answered} />
    </>
  );
}

type PreviewData = NonNullable<Route.ComponentProps["loaderData"]["preview"]>;

const PREVIEW_COLUMNS: CardColumn[] = [
  { header: "Row" },
  { header: NAMES.task_title },
  { header: NAMES.category },
  { header: NAMES.required_workers, className: "text-right" },
  { header: NAMES.payable_amount, className: "text-right" },
  { header: NAMES.estimate_minutes, className: "text-right" },
  { header: "Coins held", className: "text-right" },
  { header: NAMES.completion_date },
  { header: "Check" },
];

function Preview({ preview, busy }: { preview: PreviewData; busy: boolean }) {
  const { rows, invalid, coins, balance, missing } = preview;
  const tasks = `${formatCount(rows.length)} ${rows.length === 1 ? "task" : "tasks"}`;
  return (
    <section aria-labelledby="preview-title" className="grid gap-4">
      <div>
        <h2 id="preview-title" className="text-xl font-semibold">
          Preview of {preview.fileName}
        </h2>
        <p className="text-muted-foreground">
          {`${tasks} · ${formatCoins(coins)} in escrow${invalid ? " for the rows without errors" : ""} · your balance ${formatCoins(balance)}`}
        </p>
      </div>
      {invalid ? (
        <Alert tone="danger" title={`${formatCount(invalid)} ${invalid === 1 ? "row has" : "rows have"} errors`}>
          Nothing is posted while a row has errors. Fix them in your file and upload it again.
        </Alert>
      ) : missing ? (
        <Alert
          tone="danger"
          title={NOT_AVAILABLE_COIN}
          action={
            <Link to="/dashboard/purchasecoin" className={buttonVariants({ size: "sm" })}>
              Purchase Coin
            </Link>
          }
        >
          {shortOfCoinsWords(rows.length, coins, balance)} Your upload stays here: come back to post it.
        </Alert>
      ) : (
        <Form method="post" action={`${PATH}?draft=${preview.id}`} className="flex flex-wrap items-center gap-3">
          <EnhancedMarker />
          <input type="hidden" name="intent" value="post" />
          <input type="hidden" name="id" value={preview.id} />
          <Button type="submit" disabled={busy}>
            {`Post all ${tasks} for ${formatCoins(coins)}`}
          </Button>
          <span className="text-sm text-muted-foreground">Every task is posted, or none.</span>
        </Form>
      )}
      <CardTable
        label="Rows of the file"
        columns={PREVIEW_COLUMNS}
        rows={rows.map((r) => ({ ...r, id: String(r.row) }))}
        row={(r) => (
          <CardRow className={r.errors.length ? "bg-red-50/60" : undefined}>
            <Cell label="Row">{r.row}</Cell>
            <Cell className="name max-w-64 break-words">{r.cells.task_title}</Cell>
            <Cell label="Category">{r.cells.category}</Cell>
            <Cell label={NAMES.required_workers} className="md:text-right">
              {r.cells.required_workers}
            </Cell>
            <Cell label={NAMES.payable_amount} className="md:text-right">
              {r.cells.payable_amount}
            </Cell>
            <Cell label={NAMES.estimate_minutes} className="md:text-right">
              {r.cells.estimate_minutes}
            </Cell>
            <Cell label="Coins held" className="md:text-right">
              {r.input ? formatCount(taskCost(r.input.required_workers, r.input.payable_amount)) : "–"}
            </Cell>
            <Cell label={NAMES.completion_date}>{r.cells.completion_date}</Cell>
            <Cell label="Check">
              {r.errors.length ? (
                <ul className="grid gap-1 text-red-800">
                  {r.errors.map((e, i) => (
                    <li key={i}>{e.message}</li>
                  ))}
                </ul>
              ) : (
                <Badge tone="success">Ready</Badge>
              )}
            </Cell>
          </CardRow>
        )}
      />
    </section>
  );
}
