// A conversation (messages.server.ts): a submission's, between its buyer and its worker (an admin reads it once the
// submission is appealed), or a worker's questions about a task. The submission's buyer also asks for its one
// revision here (revisions.server.ts). Both forms are plain posts that work without JavaScript (decision 004).
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getValibotConstraint, parseWithValibot } from "@conform-to/valibot";
import { data, Form, Link, useActionData } from "react-router";
import * as v from "valibot";
import type { Route } from "./+types/thread";
import { PageHeader } from "~/components/dashboard-shell";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field, Textarea } from "~/components/ui/input";
import { LocalTime } from "~/components/local-time";
import { useFailureToast } from "~/components/form-kit";
import { messageBody, REVISION_HOURS, revisionNote } from "~/lib/schemas/revisions";
import { getEnv } from "~/server/context";
import { signedInUser } from "~/server/auth/guards.server";
import { postedIntent } from "~/server/http/form.server";
import { formAction } from "~/server/http/page-action.server";
import { appOrigin } from "~/server/environment.server";
import { refusal } from "~/server/errors";
import {
  NO_CONVERSATION,
  postMessage,
  readThread,
  threadPath,
  type ThreadKey,
} from "~/server/services/messages.server";
import { requestRevision, revisionOf } from "~/server/services/revisions.server";
import { HeadedSection } from "~/components/headed-section";
import { appealPath } from "~/lib/appeals";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Messages about ${loaderData.taskTitle} · Coinwork` : "Messages · Coinwork" },
];

const messageSchema = v.object({ intent: v.literal("message"), body: messageBody });
const revisionSchema = v.object({ intent: v.literal("revision"), note: revisionNote });

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
    return {
      taskTitle: p.taskTitle,
      about: p.submissionId ? `${p.workerName}'s submission` : `${p.workerName}'s questions before starting`,
      other: user.id === p.workerId ? p.buyerName : user.id === p.buyerId ? p.workerName : null,
      you: user.id,
      canWrite: thread.canWrite,
      messages: thread.messages,
      earlier: thread.earlier,
      revision,
      // an admin reads an appealed submission's conversation for its appeal, and goes back to it from here
      appealUrl: user.role === "Admin" && p.appeal ? appealPath(p.appeal.id, p.appeal.pending) : null,
      mayAskRevision:
        revision !== null && user.id === p.buyerId && revision.status === "pending" && !revision.requestedAt,
    };
  } catch (e) {
    const r = refusal(e);
    throw data(r.message, { status: r.status });
  }
}

export async function action(args: Route.ActionArgs) {
  const intent = await postedIntent(args.request);
  const key = keyOf(args.params);
  if (intent === "revision" && "submissionId" in key)
    return formAction(args, {
      user: signedInUser,
      schema: revisionSchema,
      failure: (refused) => ({ title: "Revision not asked", message: refused.message }),
      async run(input, { user, env }) {
        await requestRevision(env, user, key.submissionId, input.note);
        return {
          title: "Revision asked",
          message: `The worker has ${REVISION_HOURS} hours to send a revision. Until then you cannot approve or reject it.`,
          to: threadPath(key),
        };
      },
    });
  return formAction(args, {
    user: signedInUser,
    schema: messageSchema,
    failure: (refused) => ({ title: "Message not sent", message: refused.message }),
    async run(input, { user, env, request }) {
      await postMessage(env, user, key, input.body, appOrigin(env, request));
      return { title: "Message sent", message: "The other side is told.", to: threadPath(key) };
    },
  });
}

function MessageForm({
  schema,
  intent,
  label,
  field,
  rows,
  submit,
}: {
  schema: typeof messageSchema | typeof revisionSchema;
  intent: "message" | "revision";
  label: string;
  field: "body" | "note";
  rows: number;
  submit: string;
}) {
  const actionData = useActionData<typeof action>();
  const mine = actionData?.result?.initialValue?.intent === intent ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: `${intent}-form`,
    lastResult: mine,
    constraint: getValibotConstraint(schema),
    onValidate: ({ formData }) => parseWithValibot(formData, { schema }),
    shouldValidate: "onSubmit",
  });
  const f = (fields as Record<string, Parameters<typeof getTextareaProps>[0]>)[field]!;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value={intent} />
      <Field label={label} htmlFor={f.id} error={f.errors}>
        <Textarea {...getTextareaProps(f)} rows={rows} />
      </Field>
      <div>
        <Button type="submit">{submit}</Button>
      </div>
    </Form>
  );
}

export default function Thread({ loaderData }: Route.ComponentProps) {
  const { taskTitle, about, other, you, canWrite, messages, earlier, revision, mayAskRevision, appealUrl } = loaderData;
  useFailureToast(useActionData<typeof action>());
  return (
    <>
      <PageHeader title={`Messages about ${taskTitle}`} description={other ? `With ${other} · ${about}` : about} />
      <div className="grid max-w-3xl gap-6">
        {revision?.dueAt ? (
          <Alert tone="warning" title="Revision asked" data-testid="revision-state">
            <p className="whitespace-pre-wrap">{revision.note}</p>
            <p className="mt-1 text-sm">
              Due by <LocalTime at={revision.dueAt} />. Until then the buyer cannot approve or reject it.
            </p>
          </Alert>
        ) : revision?.requestedAt ? (
          <p className="text-sm text-muted-foreground" data-testid="revision-state">
            A revision was asked once: &ldquo;{revision.note}&rdquo;. It cannot be asked again.
          </p>
        ) : null}

        <HeadedSection id="messages-title" title="Conversation" className="grid gap-3">
          {earlier ? (
            <Link
              to={`?before=${encodeURIComponent(earlier)}`}
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              Earlier messages
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
                    <span className="font-semibold text-slate-900">{m.senderId === you ? "You" : m.senderName}</span> ·{" "}
                    <LocalTime at={m.createdAt} />
                  </p>
                  {/* plain text: React escapes it, line breaks kept */}
                  <p className="mt-1 whitespace-pre-wrap break-words text-sm">{m.body}</p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-muted-foreground">No messages yet.</p>
          )}
          {canWrite ? (
            <MessageForm
              // a sent message comes back in the list: a fresh form for the next one
              key={messages.at(-1)?.id ?? "none"}
              schema={messageSchema}
              intent="message"
              label="Your message"
              field="body"
              rows={4}
              submit="Send message"
            />
          ) : (
            <p className="text-sm text-muted-foreground">
              You can read this conversation; only its buyer and worker write in it.
            </p>
          )}
        </HeadedSection>

        {mayAskRevision ? (
          <HeadedSection
            id="revision-title"
            title="Ask for a revision"
            className="grid gap-3 rounded-xl border border-border bg-white p-4"
          >
            <p className="text-sm text-muted-foreground">
              Instead of rejecting, ask once for changes. The worker has {REVISION_HOURS} hours to send them; the
              submission stays pending and its coins stay in escrow.
            </p>
            <MessageForm
              schema={revisionSchema}
              intent="revision"
              label="What should change?"
              field="note"
              rows={3}
              submit="Ask for revision"
            />
          </HeadedSection>
        ) : null}
        {appealUrl ? (
          <Link to={appealUrl} className={buttonVariants({ variant: "outline", className: "justify-self-start" })}>
            Back to the appeal
          </Link>
        ) : (
          <Link to="/dashboard" className={buttonVariants({ variant: "outline", className: "justify-self-start" })}>
            Back to your dashboard
          </Link>
        )}
      </div>
    </>
  );
}
