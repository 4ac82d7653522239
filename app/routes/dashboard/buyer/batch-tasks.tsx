// Post Tasks from a CSV (docs/product/batch-posting.md): upload, a preview of every row with its errors, "Post all".
// Without JavaScript it is the same two plain posts: the upload redirects to its preview (?draft=<id>), and "Post all"
// redirects to My Tasks with a flash (or back to the preview with the refusal).
import { useId } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import * as v from "valibot";
import type { Route } from "./+types/batch-tasks";
import { PageHeader } from "~/components/dashboard-shell";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Badge } from "~/components/ui/badge";
import { FileInput } from "~/components/ui/file-input";
import { CardRow, CardTable, Cell, type CardColumn } from "~/components/responsive-list";
import { getEnv } from "~/server/context";
import { buyerUser } from "~/server/auth/guards.server";
import { confirmAction } from "~/server/http/page-action.server";
import { readForm } from "~/server/http/form.server";
import { AppError, refusalIn, saidIn } from "~/server/errors";
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
import { metaWords, useFormat, useWords, type Words } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";
import type { Language } from "~/lib/i18n/languages";
import { ShortOfCoins } from "~/components/buyer/short-of-coins";
import { TaskSaved } from "~/components/buyer/task-form";
import { EnhancedMarker } from "~/components/actions/enhanced";
import { outcomeText, type Outcome } from "~/lib/enhanced";
import { overBalance, postedWords } from "./task-form.server";
import { BATCH_COLUMNS, MAX_BATCH_BYTES, OPTIONAL_COLUMNS } from "~/lib/task-batch";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "buyer")("batch.meta") }];

const PATH = "/dashboard/batchtasks";
const draftQuery = v.object({ draft: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(64))), undefined) });
const postSchema = v.object({ intent: v.literal("post"), id: requiredText("Upload a file first", 64) });

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = buyerUser(context);
  const { draft } = readSearch(request.url, draftQuery);
  const read = draft ? await taskBatchPreview(getEnv(context), user, draft) : null;
  // each row's errors in the buyer's words
  const preview = read && {
    ...read,
    rows: read.rows.map((r) => ({
      ...r,
      errors: r.errors.map((e) => ({ column: e.column, message: saidIn(user.language, e.message) })),
    })),
  };
  return { asked: Boolean(draft), preview };
}

/** A file the page cannot take: its words on the page again (never a redirect that hides them). */
function uploadRefused(language: Language, e: unknown) {
  if (e instanceof Response) throw e;
  const r = refusalIn(language, e);
  return data(
    { ok: false as const, title: serverWords(language, "buyer")("batch.refused"), message: r.message },
    { status: r.status },
  );
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
    if (!(file instanceof File) || file.size === 0) {
      const t = serverWords(user.language, "buyer");
      return data({ ok: false as const, title: t("batch.refused"), message: t("batch.noFile") }, { status: 422 });
    }
    const id = await saveTaskBatchDraft(env, user, file.name, new Uint8Array(await file.arrayBuffer()));
    return redirect(`${PATH}?draft=${id}`);
  } catch (e) {
    return uploadRefused(user.language, e);
  }
}

/** "Post all": answered as Add Task answers one task (the same words, the same popup, the same way to Purchase Coin). */
const postAll = (args: Route.ActionArgs) =>
  confirmAction(args, {
    user: buyerUser,
    schema: postSchema,
    failure: () => ({ title: serverWords(buyerUser(args.context).language, "buyer")("batch.nothingPosted") }),
    async run(input, { user, env }) {
      try {
        const posted = await postTaskBatchDraft(env, user, input.id);
        return {
          ...postedWords(user.language, { tasks: posted.tasks, coins: posted.coins }),
          to: "/dashboard/mytasks",
        };
      } catch (e) {
        // the balance was spent since the preview read it
        if (e instanceof AppError && e.code === "insufficient_coins") {
          const cost = Number(e.extra?.cost ?? 0);
          throw overBalance(
            user.language,
            Number(e.extra?.tasks ?? 0),
            cost,
            Math.max(cost - Number(e.extra?.missing ?? 0), 0),
          );
        }
        throw e;
      }
    },
  });

/** The file's columns, named as the file names them (a file format), the optional ones said so. */
const columnList = (t: Words<"buyer">) =>
  BATCH_COLUMNS.map((c) => (OPTIONAL_COLUMNS.includes(c) ? t("batch.optionalColumn", { column: c }) : c)).join(", ");

export default function BatchTasks({ loaderData }: Route.ComponentProps) {
  const fileId = useId();
  const { asked, preview } = loaderData;
  const answered = useActionData<typeof action>() as Outcome | undefined;
  // "Post all" answers with Add Task's popup; a refused upload or posting shows its words on the page
  const refused = answered && !answered.ok ? answered : undefined;
  const busy = useNavigation().state === "submitting";
  const t = useWords("buyer");
  return (
    <>
      <PageHeader
        title={t("batch.title")}
        description={t("batch.description")}
        actions={
          <Link to="/dashboard/addtask" className={buttonVariants({ variant: "outline" })}>
            {t("batch.addOne")}
          </Link>
        }
      />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t("batch.upload")}</CardTitle>
            <CardDescription className="break-words">{t("batch.format", { columns: columnList(t) })}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <a href={`${PATH}/template.csv`} download className={buttonVariants({ variant: "outline" })}>
              {t("batch.template")}
            </a>
            <Form method="post" action={PATH} encType="multipart/form-data" className="grid gap-3 sm:flex sm:items-end">
              <div className="grid min-w-0 gap-1.5 text-sm font-medium">
                <label htmlFor={fileId}>{t("batch.file")}</label>
                <FileInput id={fileId} name="csv" accept=".csv,text/csv" required />
              </div>
              <Button type="submit" disabled={busy}>
                {t("batch.uploadPreview")}
              </Button>
            </Form>
            {refused ? (
              <Alert tone="danger" title={refused.title}>
                {outcomeText(refused)}
              </Alert>
            ) : null}
          </CardContent>
        </Card>
        {asked && !preview ? <Alert tone="warning">{t("batch.gone")}</Alert> : null}
        {preview ? <Preview preview={preview} busy={busy} /> : null}
      </div>
      <TaskSaved outcome={answered} />
    </>
  );
}

type PreviewData = NonNullable<Route.ComponentProps["loaderData"]["preview"]>;

const previewColumns = (t: Words<"buyer">): CardColumn[] => [
  { header: t("batch.row") },
  { header: t("field.task_title") },
  { header: t("field.category") },
  { header: t("field.required_workers"), className: "text-right" },
  { header: t("field.payable_amount"), className: "text-right" },
  { header: t("field.estimate_minutes"), className: "text-right" },
  { header: t("batch.coinsHeld"), className: "text-right" },
  { header: t("field.completion_date") },
  { header: t("batch.check") },
];

function Preview({ preview, busy }: { preview: PreviewData; busy: boolean }) {
  const { rows, invalid, coins, balance, missing } = preview;
  const t = useWords("buyer");
  const f = useFormat();
  const tasks = t("batch.tasks", { count: rows.length });
  return (
    <section aria-labelledby="preview-title" className="grid gap-4">
      <div className="min-w-0">
        <h2 id="preview-title" className="break-words text-xl font-semibold">
          {t("batch.previewOf", { file: preview.fileName })}
        </h2>
        <p className="text-muted-foreground">
          {t(invalid ? "batch.summaryValid" : "batch.summary", {
            tasks,
            coins: f.coins(coins),
            balance: f.coins(balance),
          })}
        </p>
      </div>
      {invalid ? (
        <Alert tone="danger" title={t("batch.rowsWithErrors", { count: invalid })}>
          {t("batch.fixErrors")}
        </Alert>
      ) : missing ? (
        <Alert
          tone="danger"
          title={t("posting.notAvailable")}
          action={
            <Link to="/dashboard/purchasecoin" className={buttonVariants({ size: "sm" })}>
              {t("purchase.title")}
            </Link>
          }
        >
          <ShortOfCoins tasks={rows.length} cost={coins} balance={balance} /> {t("batch.staysHere")}
        </Alert>
      ) : (
        <Form method="post" action={`${PATH}?draft=${preview.id}`} className="flex flex-wrap items-center gap-3">
          <EnhancedMarker />
          <input type="hidden" name="intent" value="post" />
          <input type="hidden" name="id" value={preview.id} />
          <Button type="submit" disabled={busy}>
            {t("batch.postAll", { tasks, coins: f.coins(coins) })}
          </Button>
          <span className="text-sm text-muted-foreground">{t("batch.allOrNone")}</span>
        </Form>
      )}
      <CardTable
        label={t("batch.rows")}
        columns={previewColumns(t)}
        rows={rows.map((r) => ({ ...r, id: String(r.row) }))}
        row={(r) => (
          <CardRow className={r.errors.length ? "bg-red-50/60" : undefined}>
            <Cell label={t("batch.row")}>{f.count(r.row)}</Cell>
            <Cell className="name max-w-64 break-words">{r.cells.task_title}</Cell>
            <Cell label={t("field.category")}>{r.cells.category}</Cell>
            <Cell label={t("field.required_workers")} className="md:text-right">
              {r.cells.required_workers}
            </Cell>
            <Cell label={t("field.payable_amount")} className="md:text-right">
              {r.cells.payable_amount}
            </Cell>
            <Cell label={t("field.estimate_minutes")} className="md:text-right">
              {r.cells.estimate_minutes}
            </Cell>
            <Cell label={t("batch.coinsHeld")} className="md:text-right">
              {r.input ? f.count(taskCost(r.input.required_workers, r.input.payable_amount)) : "–"}
            </Cell>
            <Cell label={t("field.completion_date")}>{r.cells.completion_date}</Cell>
            <Cell label={t("batch.check")}>
              {r.errors.length ? (
                <ul className="grid gap-1 text-red-800">
                  {r.errors.map((e, i) => (
                    <li key={i}>{e.message}</li>
                  ))}
                </ul>
              ) : (
                <Badge tone="success">{t("batch.ready")}</Badge>
              )}
            </Cell>
          </CardRow>
        )}
      />
    </section>
  );
}
