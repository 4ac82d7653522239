import { useActionData } from "react-router";
import { Coins as CoinsIcon, Wallet } from "lucide-react";
import type { Route } from "./+types/withdraw";
import { PageHeader } from "~/components/dashboard-shell";
import { StatCard } from "~/components/stat-card";
import { Card } from "~/components/ui/card";
import { failureOf, useFailureToast } from "~/components/form-kit";
import { EmptyState } from "~/components/ui/table";
import { PagedList } from "~/components/responsive-list";
import { WITHDRAW_RATE_NOTE } from "~/components/worker/coin-amount";
import { WithdrawForm } from "~/components/worker/withdraw-form";
import { WithdrawalsTable } from "~/components/worker/withdrawals-table";
import { withdrawFormSchema } from "~/components/worker/schemas";
import { pageOf, redirectPastLastPage } from "~/server/http/list-page.server";
import { COINS_PER_DOLLAR_WITHDRAW, MIN_WITHDRAWAL_COINS, withdrawalAmount } from "~/lib/coins";
import { getEnv } from "~/server/context";
import { workerUser } from "~/server/auth/guards.server";
import { formAction } from "~/server/http/page-action.server";
import { listWithdrawals, requestWithdrawal } from "~/server/services/withdrawals.server";
import { formatCount } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Withdrawals · Coinwork" }];

const PATH = "/dashboard/withdraw";
const REQUESTS_PER_PAGE = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = workerUser(context);
  const url = new URL(request.url);
  const page = pageOf(url);
  const list = await listWithdrawals(getEnv(context), { workerId: user.id, page, limit: REQUESTS_PER_PAGE });
  redirectPastLastPage(url, page, list);
  return {
    balance: user.coin,
    requests: list.items.map((w) => ({
      id: w.id,
      withdrawalCoin: w.withdrawalCoin,
      withdrawalCents: w.withdrawalCents,
      paymentSystem: w.paymentSystem,
      accountNumber: w.accountNumber,
      status: w.status,
      decisionReason: w.decisionReason,
      createdAt: w.createdAt,
    })),
    page: list.page,
    pages: list.pages,
  };
}

// The balance is read fresh from D1 for this request; the client's withdrawal_amount is never read.
export const action = (args: Route.ActionArgs) =>
  formAction(args, {
    user: workerUser,
    schema: (user) => withdrawFormSchema(user.coin),
    failure: (refused) => ({ title: "Failed to submit withdrawal.", message: refused.message }),
    unexpected: "Something went wrong. Please try again.",
    async run(input, { user, env }) {
      const w = await requestWithdrawal(env, user, input);
      return {
        title: "Withdrawal request submitted!",
        message: `${w.withdrawalCoin} coins ($${withdrawalAmount(w.withdrawalCoin)}) are on hold until an admin reviews your request.`,
        to: PATH,
      };
    },
  });

export default function Withdraw({ loaderData }: Route.ComponentProps) {
  const { balance, requests, page, pages } = loaderData;
  const outcome = useActionData<typeof action>();
  // the form's own words say what to fix, in its failure box and toast too
  useFailureToast(outcome, true);
  return (
    <>
      <PageHeader
        title="Withdrawals"
        description={`Turn your coins into money: ${COINS_PER_DOLLAR_WITHDRAW} coins = $1, from ${MIN_WITHDRAWAL_COINS} coins.`}
      />
      <section aria-label="Your balance" className="grid gap-4 sm:grid-cols-2">
        <StatCard
          label="Total coins"
          icon={CoinsIcon}
          value={<span data-testid="total-coins">{formatCount(balance)}</span>}
        />
        <StatCard
          label="Withdrawable amount"
          icon={Wallet}
          value={
            <span className="flex flex-wrap items-baseline gap-x-2">
              <span data-testid="withdrawable-amount" className="text-emerald-700">
                ${withdrawalAmount(balance)}
              </span>
              <span className="text-xs font-medium text-muted-foreground">{WITHDRAW_RATE_NOTE}</span>
            </span>
          }
        />
      </section>

      <Card className="mt-6 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Request a withdrawal</h2>
        <p className="mb-5 mt-1 text-sm text-muted-foreground">
          Choose how many coins to cash out and where the money should go.
        </p>
        <WithdrawForm
          key={`${balance}-${requests[0]?.id ?? ""}`}
          balance={balance}
          action={PATH}
          lastResult={outcome?.result}
          failure={failureOf(outcome, true)}
        />
      </Card>

      <section aria-labelledby="requests-heading" className="mt-8">
        <h2 id="requests-heading" className="mb-3 text-lg font-semibold">
          Your withdrawal requests
        </h2>
        <PagedList
          count={requests.length}
          page={page}
          pages={pages}
          empty={<EmptyState message="No withdrawal requests yet." />}
        >
          <WithdrawalsTable rows={requests} />
        </PagedList>
      </section>
    </>
  );
}
