import { Link } from "react-router";
import type { Route } from "./+types/tests";
import { PageHeader } from "~/components/dashboard-shell";
import { buttonVariants } from "~/components/ui/button";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { LocalTime } from "~/components/local-time";
import { CardRow, CardTable, Cell, PagedList, ACTIONS_COLUMN } from "~/components/responsive-list";
import { pageOrLast } from "~/server/http/list-page.server";
import { pageQuery, readSearch } from "~/lib/schemas/paging";
import { getEnv } from "~/server/context";
import { workerUser } from "~/server/auth/guards.server";
import { availableTests, heldQualifications } from "~/server/services/qualifications.server";
import { retakeWords } from "~/lib/qualifications";
import { HeadedSection } from "~/components/headed-section";

export const meta: Route.MetaFunction = () => [{ title: "Qualifications · Coinwork" }];

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
  return (
    <>
      <PageHeader
        title="Qualifications"
        description="Some tasks are for workers who hold a buyer's qualification. Earn one by taking its test."
      />
      <HeadedSection id="held-heading" title="Yours" className="mb-8 grid gap-3">
        {held.length ? (
          <ul className="flex flex-wrap gap-2" data-testid="held-qualifications">
            {held.map((g) => (
              <li key={g.id} className="rounded-lg border border-border bg-white px-3 py-2 text-sm shadow-sm">
                <span className="font-semibold">{g.qualificationName}</span>{" "}
                <Badge tone="success">Score {g.score}</Badge>{" "}
                <span className="text-muted-foreground">
                  {g.source === "hand" ? "granted by the buyer" : "by test"}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState message="You hold no qualifications yet." />
        )}
      </HeadedSection>
      <HeadedSection id="tests-heading" title="Tests" className="grid gap-3">
        <PagedList count={tests.length} page={page} pages={pages} empty={<EmptyState message="No tests yet." />}>
          <CardTable
            label="Tests"
            testId="tests"
            columns={[{ header: "Qualification" }, { header: "Test" }, { header: "Your score" }, ACTIONS_COLUMN]}
            rows={tests}
            row={(t) => (
              <CardRow data-testid="test-row">
                <Cell className="md:max-w-72">
                  <p className="name">{t.name}</p>
                  <p className="meta">
                    {t.buyerName} · {t.description}
                  </p>
                </Cell>
                <Cell label="Test">
                  <span className="text-sm">
                    {t.questions} {t.questions === 1 ? "question" : "questions"} · {retakeWords(t.retakeHours)}
                  </span>
                </Cell>
                <Cell label="Your score">
                  {t.score === null ? "—" : <span className="tabular-nums">{t.score}</span>}
                </Cell>
                <Cell>
                  <div className="actions">
                    {t.waitUntil ? (
                      <span className="text-sm text-muted-foreground">
                        Again from <LocalTime at={t.waitUntil} />
                      </span>
                    ) : (
                      <Link
                        to={`/dashboard/tests/${t.id}`}
                        className={buttonVariants({ variant: t.score === null ? "default" : "outline", size: "sm" })}
                        aria-label={`${t.score === null ? "Take" : "Retake"} the test ${t.name}`}
                      >
                        {t.score === null ? "Take the test" : "Retake"}
                      </Link>
                    )}
                  </div>
                </Cell>
              </CardRow>
            )}
          />
        </PagedList>
      </HeadedSection>
    </>
  );
}
