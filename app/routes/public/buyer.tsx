// A buyer's public record (/buyers/<id>): what workers weigh before working for them (docs/product/buyer-reputation.md),
// and the buyer's open tasks, newest first, a page at a time (keyset: `?after=`). Open to everyone, signed in or not:
// the figures are the ones every task card shows, and each task links to its public page (/browse/<id>), which sends
// someone signed in on by role.
import { data, Link } from "react-router";
import { NotFoundPanel, useNotFoundBoundary } from "~/components/not-found-panel";

import type { Route } from "./+types/buyer";
import { Card } from "~/components/ui/card";
import { buttonVariants } from "~/components/ui/button";
import { BuyerReputation } from "~/components/buyer-reputation";
import { HeadedSection } from "~/components/headed-section";
import { PayRateFact } from "~/components/pay-rate";
import { Coins } from "~/components/worker/coin-amount";
import { DueDay } from "~/components/worker/due-badge";
import { afterParam, keysetWords, readSearch } from "~/lib/schemas/paging";
import { categoryWordsKey } from "~/lib/categories";
import { metaWords, useFormat, useWords } from "~/lib/i18n/react";
import * as v from "valibot";
import { getEnv } from "~/server/context";
import { reputationsOf } from "~/server/services/buyer-reputation.server";
import { payRateFor } from "~/server/services/pay-rate.server";
import { buyerOpenTasks } from "~/server/services/tasks.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaWords(matches, "public");
  return [{ title: loaderData ? t("buyer.meta", { name: loaderData.buyer.name }) : t("buyer.notFoundMeta") }];
};

const buyerPageQuery = v.object({ after: afterParam });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const env = getEnv(context);
  const { after } = readSearch(request.url, buyerPageQuery);
  // every read in one step (docs/decisions/068): a non-buyer has no record, and no open tasks either
  const [reputations, open] = await Promise.all([
    reputationsOf(env, [params.id]),
    buyerOpenTasks(env, params.id, after),
  ]);
  const buyer = reputations.get(params.id);
  if (!buyer) throw data("Buyer not found", { status: 404 });
  return {
    buyer,
    tasks: open.items.map((t) => ({
      id: t.id,
      taskTitle: t.taskTitle,
      category: t.category,
      payableAmount: t.payableAmount,
      requiredWorkers: t.requiredWorkers,
      completionDate: t.completionDate,
      payRate: payRateFor(env, t),
    })),
    next: open.next ? keysetWords(open.next) : null,
    later: after !== undefined,
  };
}

export default function BuyerRecord({ loaderData }: Route.ComponentProps) {
  const { buyer, tasks, next, later } = loaderData;
  const t = useWords("public");
  const common = useWords("common");
  const f = useFormat();
  return (
    <main className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header className="grid gap-1">
        <p className="text-sm font-semibold text-brand-700">{t("buyer.eyebrow")}</p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{buyer.name}</h1>
        <p className="text-sm text-muted-foreground">{t("buyer.explain")}</p>
      </header>
      <Card className="p-5 sm:p-6">
        <BuyerReputation reputation={buyer} />
      </Card>
      <HeadedSection id="open-tasks" className="grid gap-3" title={later ? t("buyer.olderOpenTasks") : t("buyer.openTasks")}>
        {tasks.length === 0 ? (
          <p className="text-muted-foreground" data-testid="no-open-tasks">
            {later ? t("buyer.noOlder") : t("buyer.noOpen", { name: buyer.name })}
          </p>
        ) : (
          <ul className="grid gap-3" data-testid="buyer-open-tasks">
            {tasks.map((task) => (
              <li key={task.id}>
                <Card className="grid gap-2 p-4 sm:p-5">
                  <p className="text-xs font-semibold text-brand-700">{common(categoryWordsKey(task.category))}</p>
                  <Link to={`/browse/${encodeURIComponent(task.id)}`} className="font-semibold text-slate-900 hover:underline">
                    {task.taskTitle}
                  </Link>
                  <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                    <div className="flex flex-wrap gap-x-2">
                      <dt className="text-muted-foreground">{t("buyer.pays")}</dt>
                      <dd>
                        <Coins coins={task.payableAmount} />
                      </dd>
                    </div>
                    <div className="flex flex-wrap gap-x-2">
                      <dt className="text-muted-foreground">{t("buyer.payPerHour")}</dt>
                      <dd>
                        <PayRateFact rate={task.payRate} />
                      </dd>
                    </div>
                    <div className="flex flex-wrap gap-x-2">
                      <dt className="text-muted-foreground">{t("buyer.openSlots")}</dt>
                      <dd>{f.count(task.requiredWorkers)}</dd>
                    </div>
                    <div className="flex flex-wrap gap-x-2">
                      <dt className="text-muted-foreground">{t("buyer.completionDate")}</dt>
                      <dd>
                        <DueDay date={task.completionDate} />
                      </dd>
                    </div>
                  </dl>
                </Card>
              </li>
            ))}
          </ul>
        )}
        {later || next ? (
          <nav aria-label={t("buyer.pages")} className="flex flex-wrap gap-3">
            {later ? (
              <Link to={`/buyers/${encodeURIComponent(buyer.buyerId)}`} className={buttonVariants({ variant: "outline" })}>
                {t("buyer.newest")}
              </Link>
            ) : null}
            {next ? (
              <Link to={`?after=${encodeURIComponent(next)}`} className={buttonVariants({ variant: "outline" })}>
                {t("buyer.olderOpenTasks")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </HeadedSection>
    </main>
  );
}

export function ErrorBoundary() {
  const t = useWords("public");
  return useNotFoundBoundary(<NotFoundPanel landmark title={t("buyer.notFound")} message={t("buyer.notFoundText")} />);
}
