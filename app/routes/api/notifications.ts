import { examples, list, MODIFIED } from "~/server/http/endpoint.server";
import { json, pagedList, rest } from "~/server/http/rest.server";
import { notificationWire } from "~/server/http/wire.server";
import { listNotifications, markNotificationsRead } from "~/server/services/notifications.server";
import { notificationReadBody, notificationsQuery, notificationWireSchema } from "~/lib/schemas/api";

export const loader = rest("/notifications", "Notifications", {
  GET: {
    summary: "Your notifications, newest first",
    description:
      "Each links (href) to the page of this site it is about, one your role may open. read tells whether it was marked read.",
    access: "signed-in",
    accessNote: "Only your own.",
    query: notificationsQuery,
    responses: [list(notificationWireSchema, examples.notification, "Newest first")],
    handler: async ({ user, query: q, env }) =>
      pagedList(
        q,
        (paging) => listNotifications(env, user.id, paging),
        (n) => notificationWire(n, user.role),
      ),
  },

  POST: {
    summary: "Mark one of your notifications read (id), or all of them (no id)",
    description:
      "modifiedCount is how many changed: 0 for one already read, an unknown id or another user's (which stays as it is).",
    access: "signed-in",
    accessNote: "Only your own.",
    body: notificationReadBody,
    bodyOptional: true,
    responses: [MODIFIED],
    handler: async ({ user, body: { id }, env }) => {
      return json(await markNotificationsRead(env, user.id, id));
    },
  },
});
export const action = loader;
