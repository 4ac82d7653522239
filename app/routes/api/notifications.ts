import { requireApiUser } from "~/server/auth/guards.server";
import { examples, list, MODIFIED } from "~/server/http/endpoint.server";
import { json, listJson, readBody, readQuery, rest } from "~/server/http/rest.server";
import { notificationWire } from "~/server/http/wire.server";
import { listNotifications, markNotificationsRead } from "~/server/services/notifications.server";
import { MAX_PAGE_SIZE, notificationReadBody, notificationsQuery, notificationWireSchema } from "~/lib/schemas/api";

/**
 * GET /notifications -> your notifications, newest first (paged) | POST /notifications { id? } -> mark one of yours
 * read, or all of them without an id: { modifiedCount }. The same service as the dashboard's page and bell.
 */
export const loader = rest("/notifications", "Notifications", {
  GET: {
    summary: "Your notifications, newest first",
    description:
      "Each links (href) to the page of this site it is about, one your role may open. read tells whether it was marked read.",
    access: "signed-in",
    accessNote: "Only your own.",
    query: notificationsQuery,
    responses: [list(notificationWireSchema, examples.notification, "Newest first")],
    errors: [401, 422],
    handler: async ({ request, context, env }) => {
      const user = requireApiUser(context);
      const q = readQuery(request, notificationsQuery);
      const page = await listNotifications(env, user.id, { page: q.page, limit: q.limit ?? MAX_PAGE_SIZE });
      return listJson(
        page.items.map((n) => notificationWire(n, user.role)),
        page,
      );
    },
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
    errors: [400, 401, 413, 415, 422],
    handler: async ({ request, context, env }) => {
      const user = requireApiUser(context);
      const { id } = await readBody(request, notificationReadBody);
      return json(await markNotificationsRead(env, user.id, id));
    },
  },
});
export const action = loader;
