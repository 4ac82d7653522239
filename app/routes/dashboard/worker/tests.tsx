import { Link } from "react-router";
import type { Route } from "./+types/tests";
import { PageHeader } from "~/components/dashboard-shell";
import { buttonVariants } from "~/components/ui/button";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { LocalTime } from "~/components/local-time";
import { ACTIONS_COLUMN, ActionsCell, CardRow, CardTable, Cell, PagedList } from "~/components/responsive-list";
import { pageOrLast } from "~/server/http/list-page.server";
import { pageQuery, readSearch } from "~/lib/schemas/paging";
import { getEnv } from "~/server/context";
import { workerUser } from "~/server/auth/guards.server";
import { availableTests, heldQualifications } from "~/server/services/qualifications.server";
import { HeadedSection } from "~/components/headed-section";
import { metaWords, useFormat, useWords } from "~/lib/i18n/react";
import { useRetakeWords } from "~/components/worker/retake-words";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "worker")("tests.meta") }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = workerUser(context);
  const env = getEnv(context);
  const now = Date.now();
  const [held, tests] = await Promise.all([
    heldQualifications(env, user.id, { limit: 50 }),
    pageOrLast(readSearch(request.url, pageQuery).page, (page) => availableTests(env, user.id, { page, limit: 10 })),
  ]);
  return {
    held: held.items.map((g) => ({ ...g, id: g.qualificationId })),
    tests: tests.items.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      buyerName: t.buyerName,
      questions: t.questions.length,
      retakeHours: t.retakeHours,
      score: t.score,
      // when a retake is still some time off, the moment it opens
      waitUntil: t.nextAttemptAt !== null && t.nextAttemptAt > now ? t.nextAttemptAt : null,
    })),
    page: tests.page,
    pages: tests.pages,
  };
}

export default function Tests({ loaderData }: Route.ComponentProps) {
  const { held, tests, page, pages } = loaderData;
  const t = useWords("worker");
  const f = useFormat();
  const retakeWords = useRetakeWords();
  return (
    <>
      <PageHeader title={t("tests.title")} description={t("tests.description")} />
      <HeadedSection id="held-heading" title={t("tests.yours")} className="mb-8 grid gap-3">
        {held.length ? (
          <ul className="flex flex-wrap gap-2" data-testid="held-qualifications">
            {held.map((g) => (
              <li key={g.id} className="rounded-lg border border-border bg-white px-3 py-2 text-sm shadow-sm">
                <span className="font-semibold">{g.qualificationName}</span>{" "}
                <Badge tone="success">{t("tests.score", { score: f.count(g.score) })}</Badge>{" "}
                <span className="text-muted-foreground">
                  {g.source === "hand" ? t("tests.byBuyer") : t("tests.byTest")}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState message={t("tests.noneHeld")} />
        )}
      </HeadedSection>
      <HeadedSection id="tests-heading" title={t("tests.heading")} className="grid gap-3">
        <PagedList count={tests.length} page={page} pages={pages} empty={<EmptyState message={t("tests.empty")} />}>
          <CardTable
            label={t("tests.heading")}
            testId="tests"
            columns={[
              { header: t("tests.qualification") },
              { header: t("tests.test") },
              { header: t("tests.yourScore") },
              ACTIONS_COLUMN,
            ]}
            rows={tests}
            row={(test) => {
              const waitUntil = test.waitUntil;
              return (
                <CardRow data-testid="test-row">
                  <Cell className="md:max-w-72">
                    <p className="name">{test.name}</p>
                    <p className="meta">
                      {test.buyerName} · {test.description}
                    </p>
                  </Cell>
                  <Cell label={t("tests.test")}>
                    <span className="text-sm">
                      {t("tests.questions", { count: test.questions })} · {retakeWords(test.retakeHours)}
                    </span>
                  </Cell>
                  <Cell label={t("tests.yourScore")}>
                    {test.score === null ? "—" : <span className="tabular-nums">{f.count(test.score)}</span>}
                  </Cell>
                  <ActionsCell>
                    {waitUntil ? (
                      <span className="text-sm text-muted-foreground">
                        {t.rich("tests.againFrom", { time: () => <LocalTime at={waitUntil} /> })}
                      </span>
                    ) : (
                      <Link
                        to={`/dashboard/tests/${test.id}`}
                        className={buttonVariants({
                          variant: test.score === null ? "default" : "outline",
                          size: "sm",
                        })}
                        aria-label={t(test.score === null ? "tests.takeLabel" : "tests.retakeLabel", {
                          name: test.name,
                        })}
                      >
                        {test.score === null ? t("tests.take") : t("tests.retake")}
                      </Link>
                    )}
                  </ActionsCell>
                </CardRow>
              );
            }}
          />
        </PagedList>
      </HeadedSection>
    </>
  );
}
