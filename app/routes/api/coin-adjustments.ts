import { MODIFIED } from "~/server/http/endpoint.server";
import { json, rest } from "~/server/http/rest.server";
import { adjustCoinsByEmail } from "~/server/services/users.server";
import { addCoinBody } from "~/lib/schemas/api";

export const loader = rest("/users1", "Users", {
  PATCH: {
    summary: "Adjust a user's coins",
    description: "A recorded adjustment with a reason (the only manual coin movement); never on your own account.",
    access: ["Admin"],
    body: addCoinBody,
    responses: [MODIFIED],
    errors: [404, 409],
    handler: async ({ user: admin, body, env }) =>
      json(await adjustCoinsByEmail(env, admin, body.email, body.addcoin, body.reason)),
  },
});
export const action = loader;
