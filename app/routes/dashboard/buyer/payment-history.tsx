import { Link } from "react-router";
import { Coins } from "~/components/icons/more";
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
import { metaWords, useFormat, useWords } from "~/lib/i18n/react";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "buyer")("payments.meta") }];

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
  const t = useWords("buyer");
  const f = useFormat();
  return (
    <>
      <PageHeader
        title={t("payments.title")}
        description={total ? t("payments.count", { count: total }) : undefined}
        actions={
          total ? (
            <Link to="/dashboard/purchasecoin" reloadDocument className={buttonVariants({ variant: "outline" })}>
              <Coins aria-hidden /> {t("purchase.title")}
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
            message={t("payments.empty")}
            link={{ to: "/dashboard/purchasecoin", label: t("purchase.title"), icon: Coins, reloadDocument: true }}
          />
        }
      >
        <CardTable
          label={t("payments.list")}
          columns={[
            { header: "#", className: "w-12" },
            { header: t("payments.id") },
            { header: t("payments.coins"), className: "text-right" },
            { header: t("payments.amount"), className: "text-right" },
            { header: t("payments.time") },
          ]}
          rows={orders}
          row={(o, i) => (
            <CardRow data-testid="payment-row">
              <Cell className="meta tabular-nums">{f.count((page - 1) * limit + i + 1)}</Cell>
              <Cell label={t("payments.id")}>
                <div className="flex flex-wrap items-center gap-2">
                  <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono text-xs" data-testid="payment-id">
                    {o.paymentId}
                  </code>
                  {o.provider === "test" ? <Badge tone="info">{t("payments.test")}</Badge> : null}
                </div>
              </Cell>
              <Cell label={t("payments.coins")} className="amount">
                {f.count(o.coins)}
              </Cell>
              <Cell label={t("payments.amount")} className="tabular-nums md:text-right">
                {f.dollars(o.priceCents)}
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
