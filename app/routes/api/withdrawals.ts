import { examples, list, MODIFIED, ok } from "~/server/http/endpoint.server";
import { json, ownerFor, pagedList, readBody, rest } from "~/server/http/rest.server";
import { joinedWithdrawalWire, withdrawalWire } from "~/server/http/wire.server";
import {
  approveWithdrawal,
  listWithdrawals,
  rejectWithdrawal,
  requestWithdrawal,
} from "~/server/services/withdrawals.server";
import {
  withdrawalWireSchema,
  withdrawApproveBody,
  withdrawPatchQuery,
  withdrawQuery,
  withdrawRejectBody,
  withdrawSchema,
} from "~/lib/schemas/api";

export const loader = rest("/withdraw", "Withdrawals", {
  GET: {
    summary: "Your withdrawal requests (email=), or all of them (admin)",
    access: ["Worker", "Admin"],
    accessNote:
      "A worker reads their own (email= must be theirs, or is left out); an admin reads anyone's (email=) or all (no email=). status= filters.",
    query: withdrawQuery,
    responses: [list(withdrawalWireSchema, examples.withdrawal, "Newest first")],
    handler: async ({ user, query: q, env }) => {
      // an admin without email= reads every worker's; anyone else one worker's (ownerFor: their own, or for an
      // admin the one named)
      const everyone = q.email === undefined && user.role === "Admin";
      const owner = everyone ? null : await ownerFor(env, user, q.email);
      return pagedList(
        q,
        async (paging) =>
          everyone || owner ? listWithdrawals(env, { workerId: owner?.id, status: q.status, ...paging }) : null,
        joinedWithdrawalWire,
      );
    },
  },

  POST: {
    summary: "Request a withdrawal",
    description:
      "At least 200 coins and at most your balance; the coins are held at once. withdrawal_amount is computed by the server (coins / 20, two decimals); worker and status fields in the body are ignored. The account is checked per payment system: Bkash, Rocket and Nagad take an 11-digit mobile number starting 01; Bank takes the account number (6 to 20 digits) with bank_name and bank_branch (branch or routing number); Others takes words naming the service and the account.",
    access: ["Worker"],
    body: withdrawSchema,
    responses: [ok(withdrawalWireSchema, examples.withdrawal, "The request (pending)", 201)],
    errors: [409],
    handler: async ({ user: worker, body: input, env }) =>
      json(withdrawalWire(await requestWithdrawal(env, worker, input), worker), 201),
  },

  PATCH: {
    summary: "Approve a withdrawal, or reject it (status=rejected with a reason)",
    description:
      "Approval pays out the held coins; payout_reference records the payment's own reference (a Bkash, Nagad or Rocket transaction ID, a bank reference), which the worker is shown. Rejection returns the coins to the worker, who is told the reason. Once (409 afterwards).",
    access: ["Admin"],
    query: withdrawPatchQuery,
    body: [withdrawRejectBody, withdrawApproveBody],
    bodyTitles: ["status=rejected", "approval (no body needed; payout_reference recommended)"],
    bodyOptional: true,
    responses: [MODIFIED],
    errors: [404, 409],
    handler: async ({ user: admin, query: q, request, env }) => {
      if (q.status === "rejected") {
        const { reason } = await readBody(request, withdrawRejectBody);
        return json(await rejectWithdrawal(env, admin, q.id, reason));
      }
      // the original client sends no body; a malformed one is still refused
      const body = await readBody(request, withdrawApproveBody);
      return json(await approveWithdrawal(env, admin, q.id, body.payout_reference));
    },
  },
});
export const action = loader;
