import { ok } from "~/server/http/endpoint.server";
import { json, rest } from "~/server/http/rest.server";
import { postMessage, readThread, type ThreadKey, type ThreadMessage } from "~/server/services/messages.server";
import type { SessionUser } from "~/server/auth/session.server";
import { messageBodyInput, messagePageWire, messagesQuery, messageWireSchema } from "~/lib/schemas/api";

const ACCESS_NOTE =
  "Only the conversation's buyer and worker; an admin reads (never writes) the conversation of an appealed submission.";

/** The conversation a query or body names; a worker's questions default to their own. */
const keyOf = (user: SessionUser, t: { submission_id?: string; task_id?: string; worker_id?: string }): ThreadKey =>
  t.submission_id ? { submissionId: t.submission_id } : { taskId: t.task_id!, workerId: t.worker_id ?? user.id };

const wire = (m: ThreadMessage) => ({
  _id: m.id,
  sender_id: m.senderId,
  sender_name: m.senderName,
  body: m.body,
  created_at: new Date(m.createdAt).toISOString(),
});
const example = {
  _id: "9a1e…",
  sender_id: "u-buyer",
  sender_name: "Ada Buyer",
  body: "Which page should the screenshot show?",
  created_at: "2026-11-26T15:00:00.000Z",
};

export const loader = rest("/messages", "Submissions", {
  GET: {
    summary: "Read a conversation about a submission or a task, 50 messages a page",
    description:
      "The latest 50 messages, oldest first; `earlier` is the cursor of the page before (send it as `before`), null at the start.",
    access: ["Worker", "Buyer", "Admin"],
    accessNote: ACCESS_NOTE,
    query: messagesQuery,
    responses: [ok(messagePageWire, { messages: [example], earlier: null, can_write: true })],
    errors: [403, 404],
    handler: async ({ user, query: q, env }) => {
      const thread = await readThread(env, user, keyOf(user, q), q.before);
      return json({ messages: thread.messages.map(wire), earlier: thread.earlier, can_write: thread.canWrite });
    },
  },

  POST: {
    summary: "Write in a conversation about a submission or a task",
    description:
      "Plain text of 1 to 2,000 characters, at most 10 messages a minute (429). The other side gets a notification, and an e-mail at most once an hour per conversation.",
    access: ["Worker", "Buyer"],
    accessNote: ACCESS_NOTE,
    body: messageBodyInput,
    responses: [ok(messageWireSchema, example, "The message", 201)],
    errors: [403, 404, 429],
    handler: async ({ user, body: input, env, origin }) =>
      json(wire(await postMessage(env, user, keyOf(user, input), input.body, origin)), 201),
  },
});
export const action = loader;
