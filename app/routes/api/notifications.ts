import { requireApiUser } from "~/server/auth/guards.server";
import { json, listJson, readBody, readQuery, rest } from "~/server/http/rest.server";
import { notificationWire } from "~/server/http/wire.server";
import { listNotifications, markNotificationsRead } from "~/server/services/notifications.server";
import { MAX_PAGE_SIZE, notificationReadBody, notificationsQuery } from "~/lib/schemas/api";

/**
 * GET /notifications -> your notifications, newest first (paged) | POST /notifications { id? } -> mark one of yours
 * read, or all of them without an id: { modifiedCount }. The same service as the dashboard's page and bell.
 */
export const loader = rest({
  GET: async ({ request, context, env }) => {
    const user = requireApiUser(context);
    const q = readQuery(request, notificationsQuery);
    const page = await listNotifications(env, user.id, { page: q.page, limit: q.limit ?? MAX_PAGE_SIZE });
    return listJson(
      page.items.map((n) => notificationWire(n, user.role)),
      page,
    );
  },

  POST: async ({ request, context, env }) => {
    const user = requireApiUser(context);
    const { id } = await readBody(request, notificationReadBody);
    return json(await markNotificationsRead(env, user.id, id));
  },
});
export const action = loader;
