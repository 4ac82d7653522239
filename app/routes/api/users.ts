import { requireApiUser } from "~/server/auth/guards.server";
import { externalProfileContext } from "~/server/context";
import { forbidden, notFound } from "~/server/errors";
import { examples, ok, OWN_EMAIL } from "~/server/http/endpoint.server";
import { adminRemoval } from "~/server/http/rest-handlers.server";
import { json, NOT_YOURS, readBody, requireOwnEmail, rest, sameEmail } from "~/server/http/rest.server";
import { applicantWire, userWire } from "~/server/http/wire.server";
import { signInWithVerifiedEmail } from "~/server/services/accounts.server";
import { recentApplicants } from "~/server/services/landing.server";
import { adjustCoinsByEmail, changeRole, findUserByEmail, removeUser } from "~/server/services/users.server";
import {
  addCoinBody,
  applicantWireSchema,
  modifiedWire,
  roleChangeBody,
  userWireSchema,
  usersDeleteQuery,
  usersPatchQuery,
  usersPostBody,
  usersQuery,
} from "~/lib/schemas/api";

export const loader = rest("/users", "Users", {
  GET: {
    summary: "Applicants (role=Worker) or one user record (email=)",
    access: "public",
    accessNote:
      "role=Worker is public and shows photo and name only. email= needs sign-in and returns your own record; an admin may read anyone's.",
    query: usersQuery,
    responses: [
      {
        status: 200,
        description: "role=Worker: the most recent workers with a photo",
        schema: applicantWireSchema,
        list: true,
        example: [examples.applicant],
      },
      ok(userWireSchema, examples.user, "email=: one user record"),
    ],
    errors: [401, 403, 404],
    handler: async ({ query: q, context, env, origin }) => {
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
  },

  // A record is made at sign-up with the server's role and coins; a client's role, coin, name or photo change
  // nothing. A verified Google/Firebase ID token without a record gets one here: a Worker with the sign-up coins (or,
  // for an unverified password account of that address, takes it over: docs/decisions/010-…).
  POST: {
    summary: "Your own user record; creates it for a new Google/Firebase sign-in",
    description:
      "The spec's client creates a user record after signing up with an identity provider. A record is made at sign-up, with the server's role and coins, so this returns it; name, role, coin and photo in the body change nothing. Called with a verified Google or Firebase ID token (Authorization: Bearer) whose e-mail has no record yet, it makes one: a Worker with the sign-up coins and the token's name and photo (201).",
    access: "signed-in",
    accessNote: OWN_EMAIL,
    body: usersPostBody,
    responses: [
      ok(userWireSchema, examples.user, "Your record"),
      ok(userWireSchema, examples.user, "Your new record (a first sign-in with Google or Firebase)", 201),
    ],
    errors: [403],
    // a verified Google/Firebase ID token whose e-mail has no account yet is not signed in: it is answered first
    before: async ({ request, context, env, origin }) => {
      const external = context.get(externalProfileContext);
      if (!external) return;
      const body = await readBody(request, usersPostBody);
      if (!sameEmail(body.email, external.email)) throw forbidden(NOT_YOURS);
      const { user, created } = await signInWithVerifiedEmail(env, external);
      return json(userWire(origin, user), created ? 201 : 200);
    },
    handler: ({ user, body, origin }) => {
      requireOwnEmail(user, body.email);
      return json(userWire(origin, user));
    },
  },

  PATCH: {
    summary: "Change a user's role (id=) or adjust coins (email, addcoin, reason)",
    description:
      "With query id: body { role } changes the role at once (not your own; the last admin stays). Without id: body { email, addcoin, reason } adds (positive) or deducts (negative) coins as a recorded adjustment with a reason; never on your own account. A withdrawal's coins are held when it is requested, so no deduction is needed after approval.",
    access: ["Admin"],
    query: usersPatchQuery,
    body: [roleChangeBody, addCoinBody],
    bodyTitles: ["with id=: role change", "without id=: coin adjustment"],
    responses: [ok(modifiedWire, { modifiedCount: 1 }, "modifiedCount is 0 when the role was already that")],
    errors: [404, 409],
    handler: async ({ user: admin, query: { id }, request, env }) => {
      if (id !== undefined) {
        const { role } = await readBody(request, roleChangeBody);
        return json(await changeRole(env, admin, id, role));
      }
      const body = await readBody(request, addCoinBody);
      return json(await adjustCoinsByEmail(env, admin, body.email, body.addcoin, body.reason));
    },
  },

  DELETE: adminRemoval({
    summary: "Remove a user",
    description:
      "Disables the account (no sign-in, hidden from lists) and keeps its ledger history; its open tasks are closed and refunded. Not yourself, not the last admin.",
    query: usersDeleteQuery,
    remove: removeUser,
    errors: [404, 409],
  }),
});
export const action = loader;
