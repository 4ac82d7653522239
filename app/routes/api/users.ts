import { requireApiRole, requireApiUser } from "~/server/auth/guards.server";
import { externalProfileContext } from "~/server/context";
import { forbidden, notFound } from "~/server/errors";
import { adminRemoval } from "~/server/http/rest-handlers.server";
import { json, NOT_YOURS, readBody, readQuery, requireOwnEmail, rest, sameEmail } from "~/server/http/rest.server";
import { applicantWire, userWire } from "~/server/http/wire.server";
import { signInWithVerifiedEmail } from "~/server/services/accounts.server";
import { recentApplicants } from "~/server/services/landing.server";
import { adjustCoinsByEmail, changeRole, findUserByEmail, removeUser } from "~/server/services/users.server";
import {
  addCoinBody,
  roleChangeBody,
  usersDeleteQuery,
  usersPatchQuery,
  usersPostBody,
  usersQuery,
} from "~/lib/schemas/api";

/**
 * GET /users?role=Worker (public: photo and name) | GET /users?email= (one user: your own, any for an admin)
 * POST /users (your own record; made for a new external sign-in) | PATCH /users?id= { role } or { email, addcoin, reason } (admin) | DELETE /users?id= (admin)
 */
export const loader = rest({
  GET: async ({ request, context, env, origin }) => {
    const q = readQuery(request, usersQuery);
    if (q.email !== undefined) {
      const user = requireApiUser(context);
      if (sameEmail(q.email, user.email)) return json(userWire(origin, user));
      if (user.role !== "Admin") throw forbidden(NOT_YOURS);
      const row = await findUserByEmail(env, q.email);
      if (!row) throw notFound("User not found");
      return json(userWire(origin, row));
    }
    return json((await recentApplicants(env)).map((a) => applicantWire(origin, a)));
  },

  // A record is made at sign-up with the server's role and coins; a client's role, coin, name or photo change
  // nothing. A verified Google/Firebase ID token without a record gets one here: a Worker with the sign-up coins (or,
  // for an unverified password account of that address, takes it over: docs/decisions/010-…).
  POST: async ({ request, context, env, origin }) => {
    const external = context.get(externalProfileContext);
    if (external) {
      const body = await readBody(request, usersPostBody);
      if (!sameEmail(body.email, external.email)) throw forbidden(NOT_YOURS);
      const { user, created } = await signInWithVerifiedEmail(env, external);
      return json(userWire(origin, user), created ? 201 : 200);
    }
    const user = requireApiUser(context);
    const body = await readBody(request, usersPostBody);
    requireOwnEmail(user, body.email);
    return json(userWire(origin, user));
  },

  PATCH: async ({ request, context, env }) => {
    const admin = requireApiRole(context, "Admin");
    const { id } = readQuery(request, usersPatchQuery);
    if (id !== undefined) {
      const { role } = await readBody(request, roleChangeBody);
      return json(await changeRole(env, admin, id, role));
    }
    const body = await readBody(request, addCoinBody);
    return json(await adjustCoinsByEmail(env, admin, body.email, body.addcoin, body.reason));
  },

  DELETE: adminRemoval(usersDeleteQuery, removeUser),
});
export const action = loader;
