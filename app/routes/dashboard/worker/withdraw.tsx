import { rowAction } from "~/lib/schemas/fields";
import { useActionData, useLocation } from "react-router";
import { Coins as CoinsIcon, Wallet } from "~/components/icons/more";
import { pageQuery, readSearch } from "~/lib/schemas/paging";
import type { Route } from "./+types/withdraw";
import { PageHeader } from "~/components/dashboard-shell";
import { StatCard } from "~/components/stat-card";
import { Card } from "~/components/ui/card";
import { failureOf, useFailureToast } from "~/components/form-kit";
import { EmptyState } from "~/components/ui/empty-state";
import { PagedList } from "~/components/responsive-list";
import { useWithdrawRateNote } from "~/components/worker/coin-amount";
import {
  SYSTEM_PARAM,
  WithdrawalReviewPanel,
  withdrawalReviewOf,
  WithdrawForm,
} from "~/components/worker/withdraw-form";
import { useCancelSpec, WithdrawalsTable } from "~/components/worker/withdrawals-table";
import { ActionDialog, NoJsConfirm, useNoJsSpec } from "~/components/actions/confirm";
import { useActionFlow } from "~/components/actions/flow";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { withdrawFormSchema } from "~/lib/schemas/withdrawal";
import { redirectPastLastPage } from "~/server/http/list-page.server";
import { COINS_PER_DOLLAR_WITHDRAW, MIN_WITHDRAWAL_COINS, type PaymentSystem, withdrawalCents } from "~/lib/coins";
import { isPaymentSystem, payoutOf } from "~/lib/payouts";
import { payoutQueue } from "~/server/services/payout-queue.server";
import { takaRate } from "~/server/services/currency-rates.server";
import { TakaAmount, TakaRateNote } from "~/components/worker/taka";
import { getEnv } from "~/server/context";
import { workerUser } from "~/server/auth/guards.server";
import { confirmAction, formAction } from "~/server/http/page-action.server";
import { postedIntent } from "~/server/http/form.server";
import {
  assertCanWithdraw,
  cancelWithdrawal,
  lastPayoutDetails,
  listWithdrawals,
  requestWithdrawal,
} from "~/server/services/withdrawals.server";
import { HeadedSection } from "~/components/headed-section";
import { metaWords, useFormat, useWords } from "~/lib/i18n/react";
import { actionWords } from "./words.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "worker")("withdraw.meta") }];

const PATH = "/dashboard/withdraw";
const REQUESTS_PER_PAGE = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = workerUser(context);
  const env = getEnv(context);
  const url = new URL(request.url);
  const page = readSearch(url, pageQuery).page;
  const [list, last, queue, rate] = await Promise.all([
    listWithdrawals(env, { workerId: user.id, page, limit: REQUESTS_PER_PAGE }),
    lastPayoutDetails(env, user.id),
    payoutQueue(env, user.id),
    takaRate(env),
  ]);
  redirectPastLastPage(url, page, list);
  const chosen = url.searchParams.get(SYSTEM_PARAM);
  // the system chosen (?system=), else the one of the last payout: its details are offered again
  const system: PaymentSystem | null = isPaymentSystem(chosen)
    ? chosen
    : isPaymentSystem(last?.paymentSystem)
      ? last.paymentSystem
      : null;
  return {
    balance: user.coin,
    rate,
    system,
    last: last && payoutOf(last),
    requests: list.items.map((w) => ({
      id: w.id,
      withdrawalCoin: w.withdrawalCoin,
      withdrawalCents: w.withdrawalCents,
      payout: payoutOf(w),
      status: w.status,
      decisionReason: w.decisionReason,
      payoutReference: w.payoutReference,
      createdAt: w.createdAt,
      queuePlace: queue.places[w.id] ?? null,
    })),
    medianWaitHours: queue.medianWaitHours,
    page: list.page,
    pages: list.pages,
  };
}

/** Two forms post here: the request (reviewed first, then sent) and the cancel of a pending one (confirmed). */
export async function action(args: Route.ActionArgs) {
  const intent = await postedIntent(args.request);
  return intent === "cancel" ? cancelAction(args) : requestAction(args);
}

function cancelAction(args: Route.ActionArgs) {
  const { t, common, f } = actionWords(args);
  return confirmAction(args, {
    user: workerUser,
    schema: rowAction("cancel"),
    failure: () => ({ title: t("withdraw.notCancelled") }),
    async run({ id }, { user, env }) {
      const { coins, cents } = await cancelWithdrawal(env, user, id);
      return {
        title: t("withdraw.cancelled"),
        message: t("withdraw.cancelledMessage", {
          dollars: f.dollars(cents),
          coins: common("coins", { count: coins }),
        }),
      };
    },
  });
}

// The balance is read fresh from D1 for this request; the client's withdrawal_amount is never read.
function requestAction(args: Route.ActionArgs) {
  const { t, common, f } = actionWords(args);
  return formAction(args, {
    user: workerUser,
    schema: (user) => withdrawFormSchema(user.coin),
    failure: (refused) => ({ title: t("withdraw.failed"), message: refused.message }),
    unexpected: t("unexpected"),
    async review(input, { user, env }) {
      await assertCanWithdraw(env, user, input);
      return input;
    },
    async run(input, { user, env }) {
      const w = await requestWithdrawal(env, user, input);
      return {
        title: t("withdraw.submitted"),
        message: t("withdraw.submittedMessage", {
          coins: common("coins", { count: w.withdrawalCoin }),
          dollars: f.dollars(withdrawalCents(w.withdrawalCoin)),
        }),
        to: PATH,
      };
    },
  });
}

export const shouldRevalidate = revalidateAfterPost;

export default function Withdraw({ loaderData }: Route.ComponentProps) {
  const { balance, requests, page, pages, system, last, medianWaitHours, rate } = loaderData;
  const outcome = useActionData<typeof requestAction>();
  const review = withdrawalReviewOf(outcome?.review);
  // the form's own words say what to fix, in its failure box and toast too
  useFailureToast(outcome, true);
  const flow = useActionFlow();
  const t = useWords("worker");
  const f = useFormat();
  const rateNote = useWithdrawRateNote();
  const cancelSpec = useCancelSpec(rate);
  const noJsSpec = useNoJsSpec(requests, { cancel: cancelSpec }, (w) => w.status === "pending");
  // the form posts to this URL with its ?system=, so the page it answers shows the same system's fields
  const at = `${PATH}${useLocation().search}`;
  return (
    <>
      <PageHeader
        title={t("withdraw.title")}
        description={t("withdraw.description", {
          rate: f.count(COINS_PER_DOLLAR_WITHDRAW),
          min: f.count(MIN_WITHDRAWAL_COINS),
        })}
      />
      <section aria-label={t("withdraw.balance")} className="grid gap-4 sm:grid-cols-2">
        <StatCard
          label={t("withdraw.totalCoins")}
          icon={CoinsIcon}
          value={<span data-testid="total-coins">{f.count(balance)}</span>}
        />
        <StatCard
          label={t("withdraw.withdrawable")}
          icon={Wallet}
          value={
            <span className="flex flex-wrap items-baseline gap-x-2">
              <span data-testid="withdrawable-amount" className="text-emerald-700">
                {f.dollars(withdrawalCents(balance))}
              </span>
              <span className="text-xs font-medium text-muted-foreground">{rateNote}</span>
              {rate ? (
                <span className="basis-full text-sm font-semibold text-foreground">
                  <TakaAmount cents={withdrawalCents(balance)} rate={rate} />{" "}
                  <TakaRateNote rate={rate} className="text-xs font-medium text-muted-foreground" />
                </span>
              ) : null}
            </span>
          }
        />
      </section>

      <Card className="mt-6 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">{t("withdraw.requestHeading")}</h2>
        <p className="mb-5 mt-1 text-sm text-muted-foreground">{t("withdraw.requestIntro")}</p>
        {review ? <WithdrawalReviewPanel review={review} action={at} rate={rate} /> : null}
        <WithdrawForm
          rate={rate}
          key={`${balance}-${requests[0]?.id ?? ""}-${system ?? ""}`}
          balance={balance}
          action={at}
          system={system}
          last={last}
          lastResult={outcome?.result}
          failure={failureOf(outcome, true)}
        />
      </Card>

      <HeadedSection
        id="requests-heading"
        title={t("withdraw.requestsHeading")}
        className="mt-8"
        headingClassName="mb-3"
      >
        <PagedList
          count={requests.length}
          page={page}
          pages={pages}
          empty={<EmptyState message={t("withdraw.empty")} />}
        >
          <WithdrawalsTable rows={requests} flow={flow} medianWaitHours={medianWaitHours} rate={rate} />
        </PagedList>
      </HeadedSection>
      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}
