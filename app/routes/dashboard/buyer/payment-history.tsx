import { Link } from "react-router";
import { Coins } from "~/components/icons";
import { pageQuery, readSearch } from "~/lib/schemas/paging";
import type { Route } from "./+types/payment-history";
import { PageHeader } from "~/components/dashboard-shell";
import { buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Badge } from "~/components/ui/badge";
import { CardRow, CardTable, Cell, PagedList } from "~/components/responsive-list";
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
        <CardTable
          label="Payment history"
          columns={[
            { header: "#", className: "w-12" },
            { header: "Payment ID" },
            { header: "Coins Bought", className: "text-right" },
            { header: "Amount(USD)", className: "text-right" },
            { header: "Time" },
          ]}
          rows={orders}
          row={(o, i) => (
            <CardRow data-testid="payment-row">
              <Cell className="meta tabular-nums">{(page - 1) * limit + i + 1}</Cell>
              <Cell label="Payment ID">
                <div className="flex flex-wrap items-center gap-2">
                  <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono text-xs" data-testid="payment-id">
                    {o.paymentId}
                  </code>
                  {o.provider === "test" ? <Badge tone="info">Test</Badge> : null}
                </div>
              </Cell>
              <Cell label="Coins Bought" className="amount">
                {formatCount(o.coins)}
              </Cell>
              <Cell label="Amount(USD)" className="tabular-nums md:text-right">
                {formatDollars(o.priceCents)}
              </Cell>
              <Cell className="meta whitespace-nowrap">
                <LocalTime at={o.createdAt} />
              </Cell>
            </CardRow>
          )}
        />
      </PagedList>
    </>
  );
}
