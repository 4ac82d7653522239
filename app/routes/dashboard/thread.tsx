// A conversation (messages.server.ts): a submission's, between its buyer and its worker (an admin reads it once the
// submission is appealed), or a worker's questions about a task. It links back to the side's Messages page, to its
// task and to its submission (for the buyer, the review view, where a revision is asked: revisions.server.ts). The
// message form is a plain post that works without JavaScript (decision 004).
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getValibotConstraint, parseWithValibot } from "@conform-to/valibot";
import { data, Form, Link, useActionData } from "react-router";
import * as v from "valibot";
import type { Route } from "./+types/thread";
import { BackLink, PageHeader } from "~/components/dashboard-shell";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field, Textarea } from "~/components/ui/input";
import { LocalTime } from "~/components/local-time";
import { useFailureToast } from "~/components/form-kit";
import { messageBody } from "~/lib/schemas/revisions";
import { getEnv } from "~/server/context";
import { signedInUser } from "~/server/auth/guards.server";
import { formAction } from "~/server/http/page-action.server";
import { appOrigin } from "~/server/environment.server";
import { refusal } from "~/server/errors";
import {
  INBOX_PATH,
  NO_CONVERSATION,
  postMessage,
  readThread,
  threadLinks,
  threadPath,
  type ThreadKey,
} from "~/server/services/messages.server";
import { revisionOf } from "~/server/services/revisions.server";
import { HeadedSection } from "~/components/headed-section";
import { appealPath } from "~/lib/appeals";
import { metaWords, useLanguage, useWords } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaWords(matches, "dashboard");
  return [{ title: loaderData ? t("thread.meta", { title: loaderData.taskTitle }) : t("inbox.meta") }];
};

const messageSchema = v.object({ intent: v.literal("message"), body: messageBody });

/** The conversation the path names; anything else is not found. */
function keyOf(params: Route.LoaderArgs["params"]): ThreadKey {
  if (params.kind === "submission" && !params.workerId) return { submissionId: params.id };
  if (params.kind === "task" && params.workerId) return { taskId: params.id, workerId: params.workerId };
  throw data(NO_CONVERSATION, { status: 404 });
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const env = getEnv(context);
  const key = keyOf(params);
  try {
    const [thread, revision] = await Promise.all([
      readThread(env, user, key, new URL(request.url).searchParams.get("before") ?? undefined),
      "submissionId" in key ? revisionOf(env, key.submissionId) : null,
    ]);
    const p = thread.parties;
    const party = user.id === p.workerId || user.id === p.buyerId;
    return {
      taskTitle: p.taskTitle,
      // what the conversation is about, in the reader's words (the page writes it)
      about: { kind: p.submissionId ? "submission" : "questions", workerName: p.workerName },
      other: user.id === p.workerId ? p.buyerName : user.id === p.buyerId ? p.workerName : null,
      you: user.id,
      canWrite: thread.canWrite,
      messages: thread.messages,
      earlier: thread.earlier,
      revision,
      // the worker and the buyer go back to their Messages; an admin reads an appealed submission's conversation for
      // its appeal, and goes back to it (below)
      back: party ? INBOX_PATH : null,
      appealUrl: !party && p.appeal ? appealPath(p.appeal.id, p.appeal.pending) : null,
      links: party
        ? threadLinks(user.role, {
            taskId: p.taskId,
            submissionId: p.submissionId,
            submissionStatus: p.submissionStatus,
          })
        : { task: null, submission: null },
      // the buyer asks for the submission's one revision from its review view
      mayAskRevision:
        revision !== null && user.id === p.buyerId && revision.status === "pending" && !revision.requestedAt,
    };
  } catch (e) {
    const r = refusal(e);
    throw data(r.message, { status: r.status });
  }
}

export const action = (args: Route.ActionArgs) => {
  const key = keyOf(args.params);
  const t = serverWords(signedInUser(args.context).language, "dashboard");
  return formAction(args, {
    user: signedInUser,
    schema: messageSchema,
    failure: (refused) => ({ title: t("thread.notSent"), message: refused.message }),
    async run(input, { user, env, request }) {
      await postMessage(env, user, key, input.body, appOrigin(env, request));
      return { title: t("thread.sent"), message: t("thread.sentText"), to: threadPath(key) };
    },
  });
};

function MessageForm() {
  const actionData = useActionData<typeof action>();
  // its messages in the page's language (lib/i18n/validation.ts)
  const lang = useLanguage();
  const [form, fields] = useForm({
    id: "message-form",
    lastResult: actionData?.result,
    constraint: getValibotConstraint(messageSchema),
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: messageSchema, info: { lang } }),
    shouldValidate: "onSubmit",
  });
  const t = useWords("dashboard");
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value="message" />
      <Field label={t("thread.yourMessage")} htmlFor={fields.body.id} error={fields.body.errors}>
        <Textarea {...getTextareaProps(fields.body)} rows={4} />
      </Field>
      <div>
        <Button type="submit">{t("thread.send")}</Button>
      </div>
    </Form>
  );
}

export default function Thread({ loaderData }: Route.ComponentProps) {
  const {
    taskTitle,
    about,
    other,
    you,
    canWrite,
    messages,
    earlier,
    revision,
    back,
    links,
    mayAskRevision,
    appealUrl,
  } = loaderData;
  useFailureToast(useActionData<typeof action>());
  const t = useWords("dashboard");
  const dueAt = revision?.dueAt;
  const aboutWords = t("thread.about", { about: about.kind, name: about.workerName });
  return (
    <>
      {back ? <BackLink to={back}>{t("nav.messages")}</BackLink> : null}
      <PageHeader
        title={t("thread.title", { title: taskTitle })}
        description={other ? t("thread.with", { name: other, about: aboutWords }) : aboutWords}
      />
      <div className="grid max-w-3xl gap-6">
        {links.task || links.submission ? (
          <nav aria-label={t("thread.linksLabel")} className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {links.task ? (
              <Link to={links.task} className="font-semibold text-brand-700 hover:underline">
                {t("thread.openTask")}
              </Link>
            ) : null}
            {links.submission ? (
              <Link to={links.submission} className="font-semibold text-brand-700 hover:underline">
                {mayAskRevision ? t("thread.reviewOrRevise") : t("thread.openSubmission")}
              </Link>
            ) : null}
          </nav>
        ) : null}
        {revision && dueAt ? (
          <Alert tone="warning" title={t("thread.revisionAsked")} data-testid="revision-state">
            <p className="whitespace-pre-wrap">{revision.note}</p>
            <p className="mt-1 text-sm">{t.rich("thread.dueBy", { time: () => <LocalTime at={dueAt} /> })}</p>
          </Alert>
        ) : revision?.requestedAt ? (
          <p className="text-sm text-muted-foreground" data-testid="revision-state">
            {t("thread.revisionOnce", { note: revision.note ?? "" })}
          </p>
        ) : null}

        <HeadedSection id="messages-title" title={t("thread.conversation")} className="grid gap-3">
          {earlier ? (
            <Link
              to={`?before=${encodeURIComponent(earlier)}`}
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              {t("thread.earlier")}
            </Link>
          ) : null}
          {messages.length ? (
            <ol className="grid gap-3" data-testid="messages">
              {messages.map((m) => (
                <li
                  key={m.id}
                  className={`rounded-xl border border-border p-3 shadow-xs ${m.senderId === you ? "bg-brand-50/70 sm:ml-12" : "bg-white sm:mr-12"}`}
                >
                  <p className="text-xs text-muted-foreground">
                    <span className="font-semibold text-slate-900">
                      {m.senderId === you ? t("thread.you") : m.senderName}
                    </span>{" "}
                    · <LocalTime at={m.createdAt} />
                  </p>
                  {/* plain text: React escapes it, line breaks kept */}
                  <p className="mt-1 whitespace-pre-wrap break-words text-sm">{m.body}</p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-muted-foreground">{t("thread.empty")}</p>
          )}
          {canWrite ? (
            // a sent message comes back in the list: a fresh form for the next one
            <MessageForm key={messages.at(-1)?.id ?? "none"} />
          ) : (
            <p className="text-sm text-muted-foreground">{t("thread.readOnly")}</p>
          )}
        </HeadedSection>
        {appealUrl ? (
          <Link to={appealUrl} className={buttonVariants({ variant: "outline", className: "justify-self-start" })}>
            {t("thread.backToAppeal")}
          </Link>
        ) : null}
      </div>
    </>
  );
}
