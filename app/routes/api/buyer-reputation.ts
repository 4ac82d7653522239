import { ok } from "~/server/http/endpoint.server";
import { json, rest } from "~/server/http/rest.server";
import { reputationOf } from "~/server/services/buyer-reputation.server";
import { buyerReputationWireSchema, idQuery } from "~/lib/schemas/api";

export const loader = rest("/buyer-reputation", "Public", {
  GET: {
    summary:
      "A buyer's record: approval rates, time to review, appeals lost, rejections without a reason, tasks, coins paid, member since",
    description:
      "What every task card shows of its buyer (the page /buyers/<id>). Approval rates are whole percentages of the submissions approved among those decided (null before the first decision), over the last 90 days (UTC days) and all time; median_review_minutes is over the buyer's latest 25 decisions.",
    access: "public",
    query: idQuery,
    responses: [
      ok(buyerReputationWireSchema, {
        _id: "0d9b6c1e-2f4a-4b8e-9c7d-3a5e1f2b4c6d",
        name: "Maya Buyer",
        member_since: "2026-01-15T09:30:00.000Z",
        approval_rate_90_days: 96,
        approval_rate_all_time: 92,
        median_review_minutes: 185,
        appeals_lost: 1,
        rejections_without_reason: 0,
        tasks_posted: 14,
        coins_paid: 2350,
      }),
    ],
    errors: [404],
    handler: async ({ query: { id }, env }) => {
      const r = await reputationOf(env, id);
      return json({
        _id: r.buyerId,
        name: r.name,
        member_since: new Date(r.memberSince).toISOString(),
        approval_rate_90_days: r.approvalRateRecent,
        approval_rate_all_time: r.approvalRateAllTime,
        median_review_minutes: r.medianReviewMinutes,
        appeals_lost: r.appealsLost,
        rejections_without_reason: r.rejectedWithoutReason,
        tasks_posted: r.tasksPosted,
        coins_paid: r.coinsPaid,
      });
    },
  },
});
export const action = loader;
