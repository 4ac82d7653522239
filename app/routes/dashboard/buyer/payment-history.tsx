import { Link, useLocation, useNavigation } from "react-router";
import { Coins } from "lucide-react";
import type { Route } from "./+types/payment-history";
import { PageHeader } from "~/components/dashboard-shell";
import { buttonVariants } from "~/components/ui/button";
import { EmptyState, TBody, TD, TH, THead, TR, Table } from "~/components/ui/table";
import { Badge } from "~/components/ui/badge";
import { Pagination } from "~/components/ui/pagination";
import { pageParam } from "~/components/buyer/page-param";
import { formatCents } from "~/lib/coins";
import { formatDateTime } from "~/lib/format";
import { cn } from "~/lib/cn";
import { getEnv } from "~/server/context";
import { requirePageRole } from "~/server/auth/guards.server";
import { listOrders } from "~/server/services/purchases.server";

export const meta: Route.MetaFunction = () => [{ title: "Payment History · Coinwork" }];

const PAGE_SIZE = 10;

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageRole(context, request, "Buyer");
  const env = getEnv(context);
  const url = new URL(request.url);
  let list = await listOrders(env, user.id, { page: pageParam(url), limit: PAGE_SIZE });
  if (list.items.length === 0 && list.page > list.pages) list = await listOrders(env, user.id, { page: list.pages, limit: PAGE_SIZE });
  return {
    orders: list.items.map((o) => ({
      id: o.id,
      paymentId: o.paymentId,
      coins: o.coins,
      priceCents: o.priceCents,
      provider: o.provider,
      createdAt: o.createdAt,
    })),
    page: list.page,
    pages: list.pages,
    total: list.total,
    limit: list.limit,
  };
}

export default function PaymentHistory({ loaderData }: Route.ComponentProps) {
  const { orders, page, pages, total, limit } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const loadingList = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <>
      <PageHeader
        title="Payment History"
        description={total ? `${total} coin ${total === 1 ? "purchase" : "purchases"}, newest first.` : undefined}
        actions={
          total ? (
            <Link to="/dashboard/purchasecoin" className={buttonVariants({ variant: "outline" })}>
              <Coins aria-hidden /> Purchase Coin
            </Link>
          ) : null
        }
      />
      {orders.length === 0 ? (
        <EmptyState
          message="You haven’t made any payments yet."
          action={
            <Link to="/dashboard/purchasecoin" className={buttonVariants()}>
              <Coins aria-hidden /> Purchase Coin
            </Link>
          }
        />
      ) : (
        <div aria-busy={loadingList} className={cn("transition-opacity", loadingList && "opacity-60")}>
          {/* Phones: one card per payment. */}
          <ol className="grid gap-3 md:hidden" aria-label="Payment history">
            {orders.map((o, i) => (
              <li key={o.id} data-testid="payment-card" className="grid gap-2 rounded-xl border border-border bg-white p-4 shadow-sm">
                <div className="flex items-baseline justify-between gap-3">
                  <p className="font-semibold">
                    <span className="mr-1.5 text-muted-foreground tabular-nums">{(page - 1) * limit + i + 1}.</span>
                    {o.coins.toLocaleString("en-US")} coins
                  </p>
                  <p className="font-semibold tabular-nums">${formatCents(o.priceCents)}</p>
                </div>
                <p className="flex flex-wrap items-center gap-2 text-xs">
                  <span className="text-muted-foreground">Payment ID</span>
                  <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono">{o.paymentId}</code>
                  {o.provider === "test" ? <Badge tone="info">Test</Badge> : null}
                </p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={new Date(o.createdAt).toISOString()}>{formatDateTime(o.createdAt)}</time>
                </p>
              </li>
            ))}
          </ol>
          {/* Tablets and up: the table. */}
          <div className="hidden md:block">
          <Table caption="Payment history">
            <THead>
              <tr>
                <TH className="w-12">#</TH>
                <TH>Payment ID</TH>
                <TH className="text-right">Coins Bought</TH>
                <TH className="text-right">Amount(USD)</TH>
                <TH>Time</TH>
              </tr>
            </THead>
            <TBody>
              {orders.map((o, i) => (
                <TR key={o.id} data-testid="payment-row">
                  <TD className="tabular-nums text-muted-foreground">{(page - 1) * limit + i + 1}</TD>
                  <TD>
                    <div className="flex flex-wrap items-center gap-2">
                      <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono text-xs" data-testid="payment-id">
                        {o.paymentId}
                      </code>
                      {o.provider === "test" ? <Badge tone="info">Test</Badge> : null}
                    </div>
                  </TD>
                  <TD className="text-right font-semibold tabular-nums">{o.coins.toLocaleString("en-US")}</TD>
                  <TD className="text-right tabular-nums">${formatCents(o.priceCents)}</TD>
                  <TD className="whitespace-nowrap text-muted-foreground">
                    <time dateTime={new Date(o.createdAt).toISOString()}>{formatDateTime(o.createdAt)}</time>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
          </div>
          <Pagination page={page} pages={pages} />
        </div>
      )}
    </>
  );
}
