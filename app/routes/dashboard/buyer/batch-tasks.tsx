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
import { refusal } from "~/server/errors";
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
import { formatCount } from "~/lib/format";
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

const postAll = (args: Route.ActionArgs) =>
  confirmAction(args, {
    user: buyerUser,
    schema: postSchema,
    failure: (_intent, r) =>
      r.code === "insufficient_coins" ? { title: "Not available Coin" } : { title: "Nothing was posted" },
    async run(input, { user, env }) {
      const posted = await postTaskBatchDraft(env, user, input.id);
      const tasks = `${formatCount(posted.tasks)} ${posted.tasks === 1 ? "task" : "tasks"}`;
      return {
        title: "Tasks Posted!",
        message: `${tasks} are live: ${formatCount(posted.coins)} coins are held in escrow.`,
        to: "/dashboard/mytasks",
      };
    },
  });

const columnList = BATCH_COLUMNS.map((c) => (OPTIONAL_COLUMNS.includes(c) ? `${c} (optional)` : c)).join(", ");

export default function BatchTasks({ loaderData }: Route.ComponentProps) {
  const { asked, preview } = loaderData;
  const refused = useActionData<typeof action>();
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
            {refused && !refused.ok ? (
              <Alert tone="danger" title={refused.title}>
                {refused.message}
              </Alert>
            ) : null}
          </CardContent>
        </Card>
        {asked && !preview ? <Alert tone="warning">This upload is no longer here. Upload the file again.</Alert> : null}
        {preview ? <Preview preview={preview} busy={busy} /> : null}
      </div>
    </>
  );
}

type PreviewData = NonNullable<Route.ComponentProps["loaderData"]["preview"]>;

const PREVIEW_COLUMNS: CardColumn[] = [
  { header: "Row" },
  { header: "Task title" },
  { header: "Category" },
  { header: "Workers", className: "text-right" },
  { header: "Pay", className: "text-right" },
  { header: "Coins", className: "text-right" },
  { header: "Completion date" },
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
          {`${tasks} · ${formatCount(coins)} coins in escrow${invalid ? " for the rows without errors" : ""} · your balance ${formatCount(balance)} coins`}
        </p>
      </div>
      {invalid ? (
        <Alert tone="danger" title={`${formatCount(invalid)} ${invalid === 1 ? "row has" : "rows have"} errors`}>
          Nothing is posted while a row has errors. Fix them in your file and upload it again.
        </Alert>
      ) : missing ? (
        <Alert
          tone="warning"
          title={`${formatCount(missing)} coins are missing`}
          action={
            <Link to="/dashboard/purchasecoin" className={buttonVariants({ size: "sm" })}>
              Purchase Coin
            </Link>
          }
        >
          {`These tasks cost ${formatCount(coins)} coins and your balance is ${formatCount(balance)}.`} Buy the missing
          coins, then come back to this page to post them.
        </Alert>
      ) : (
        <Form method="post" action={`${PATH}?draft=${preview.id}`} className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="post" />
          <input type="hidden" name="id" value={preview.id} />
          <Button type="submit" disabled={busy}>
            {`Post all ${tasks} for ${formatCount(coins)} coins`}
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
            <Cell label="Workers" className="md:text-right">
              {r.cells.required_workers}
            </Cell>
            <Cell label="Pay" className="md:text-right">
              {r.cells.payable_amount}
            </Cell>
            <Cell label="Coins" className="md:text-right">
              {r.input ? formatCount(taskCost(r.input.required_workers, r.input.payable_amount)) : "–"}
            </Cell>
            <Cell label="Completion date">{r.cells.completion_date}</Cell>
            <Cell label="Check">
              {r.errors.length ? (
                <ul className="grid gap-1 text-red-800">
                  {r.errors.map((e, i) => (
                    <li key={i}>
                      {e.column ? <span className="font-mono text-xs">{e.column}: </span> : null}
                      {e.message}
                    </li>
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
