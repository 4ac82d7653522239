import { Link } from "react-router";
import { Coins } from "~/components/icons";
import { pageQuery, readSearch } from "~/lib/schemas/paging";
import type { Route } from "./+types/payment-history";
import { PageHeader } from "~/components/dashboard-shell";
import { buttonVariants } from "~/components/ui/button";
import { EmptyState, TD, TH, TR } from "~/components/ui/table";
import { Badge } from "~/components/ui/badge";
import { ListCard, PagedList, ResponsiveList } from "~/components/responsive-list";
import { pageOrLast } from "~/server/http/list-page.server";

import { LocalTime } from "~/components/local-time";
import { getEnv } from "~/server/context";
import { buyerUser } from "~/server/auth/guards.server";
import { listOrders } from "~/server/services/purchases.server";
import { formatCount, formatDollars } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Payment History · Coinwork" }];

const PAGE_SIZE = 10;

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = buyerUser(context);
  const env = getEnv(context);
  const url = new URL(request.url);
  const list = await pageOrLast(readSearch(url, pageQuery).page, (page) =>
    listOrders(env, user.id, { page, limit: PAGE_SIZE }),
  );
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
  return (
    <>
      <PageHeader
        title="Payment History"
        description={total ? `${total} coin ${total === 1 ? "purchase" : "purchases"}, newest first.` : undefined}
        actions={
          total ? (
            <Link to="/dashboard/purchasecoin" reloadDocument className={buttonVariants({ variant: "outline" })}>
              <Coins aria-hidden /> Purchase Coin
            </Link>
          ) : null
        }
      />
      <PagedList
        count={orders.length}
        page={page}
        pages={pages}
        dim
        empty={
          <EmptyState
            message="You haven’t made any payments yet."
            link={{ to: "/dashboard/purchasecoin", label: "Purchase Coin", icon: Coins, reloadDocument: true }}
          />
        }
      >
        <ResponsiveList
          label="Payment history"
          rows={orders}
          from="md"
          numbered
          card={(o, i) => (
            <ListCard data-testid="payment-card">
              <div className="flex items-baseline justify-between gap-3">
                <p className="font-semibold">
                  <span className="mr-1.5 text-muted-foreground tabular-nums">{(page - 1) * limit + i + 1}.</span>
                  {formatCount(o.coins)} coins
                </p>
                <p className="font-semibold tabular-nums">{formatDollars(o.priceCents)}</p>
              </div>
              <p className="flex flex-wrap items-center gap-2 text-xs">
                <span className="text-muted-foreground">Payment ID</span>
                <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono">{o.paymentId}</code>
                {o.provider === "test" ? <Badge tone="info">Test</Badge> : null}
              </p>
              <p className="text-xs text-muted-foreground">
                <LocalTime at={o.createdAt} />
              </p>
            </ListCard>
          )}
          columns={
            <>
              <TH className="w-12">#</TH>
              <TH>Payment ID</TH>
              <TH className="text-right">Coins Bought</TH>
              <TH className="text-right">Amount(USD)</TH>
              <TH>Time</TH>
            </>
          }
          row={(o, i) => (
            <TR data-testid="payment-row">
              <TD className="tabular-nums text-muted-foreground">{(page - 1) * limit + i + 1}</TD>
              <TD>
                <div className="flex flex-wrap items-center gap-2">
                  <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono text-xs" data-testid="payment-id">
                    {o.paymentId}
                  </code>
                  {o.provider === "test" ? <Badge tone="info">Test</Badge> : null}
                </div>
              </TD>
              <TD className="text-right font-semibold tabular-nums">{formatCount(o.coins)}</TD>
              <TD className="text-right tabular-nums">{formatDollars(o.priceCents)}</TD>
              <TD className="whitespace-nowrap text-muted-foreground">
                <LocalTime at={o.createdAt} />
              </TD>
            </TR>
          )}
        />
      </PagedList>
    </>
  );
}
