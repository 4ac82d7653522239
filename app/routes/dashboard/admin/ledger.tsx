import { Equal, Plus } from "~/components/icons/more";
import type { Route } from "./+types/ledger";
import { getEnv } from "~/server/context";
import { ledgerReport } from "~/server/services/ledger.server";
import { withdrawalCents } from "~/lib/coins";
import { PageHeader } from "~/components/dashboard-shell";
import { Alert } from "~/components/ui/alert";
import { CardRow, CardTable, Cell, type CardColumn } from "~/components/responsive-list";
import { cn } from "~/lib/cn";
import { metaWords, useFormat, useWords } from "~/lib/i18n/react";
import type { Key } from "~/lib/i18n/messages";
import { HeadedSection } from "~/components/headed-section";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "admin")("ledger.meta") }];

export async function loader({ context, request }: Route.LoaderArgs) {
  // Comparing every user's balance with their own ledger rows reads them all: on demand (?check=all), and at once
  // when the running totals do not balance (to find who differs).
  const full = new URL(request.url).searchParams.get("check") === "all";
  return { ...(await ledgerReport(getEnv(context), { full })), checkedAt: Date.now() };
}

/** How many users' cached balance or recorded debt (`words`) differs from the sum of their entries (nothing when none). */
function Differing({ users, words }: { users: number; words: Key<"admin"> }) {
  const t = useWords("admin");
  if (users === 0) return null;
  return <p>{t(words, { count: users })}</p>;
}

/** A mismatched user's figures in the table's order: label, value, and whether it is the one that is off. */
function mismatchFigures(
  u: { coin: number; ledger: number; debt: number; debtLedger: number },
  count: (n: number) => string,
) {
  const difference = u.coin - u.ledger;
  return [
    ["ledger.col.balance", count(u.coin), false],
    ["ledger.col.ledgerSum", count(u.ledger), false],
    ["ledger.difference", signed(difference, count), difference !== 0],
    ["ledger.col.debt", count(u.debt), u.debt !== u.debtLedger],
    ["ledger.col.debtLedgerSum", count(u.debtLedger), false],
  ] as const;
}

/** A difference with its sign, "+3" / "-3" / "0". */
const signed = (n: number, count: (n: number) => string) => `${n > 0 ? "+" : ""}${count(n)}`;

export default function Ledger({ loaderData }: Route.ComponentProps) {
  const { figures: f, accounted, mismatched, full } = loaderData;
  const t = useWords("admin");
  const { count, dollars } = useFormat();
  const difference = f.created - accounted;
  const terms = [
    { key: "balances", label: t("ledger.term.balances"), value: f.balances, note: t("ledger.term.balancesNote") },
    {
      key: "escrowOpenSlots",
      label: t("ledger.term.openSlots"),
      value: f.escrowOpenSlots,
      note: t("ledger.term.openSlotsNote"),
    },
    {
      key: "escrowHeld",
      label: t("ledger.term.started"),
      value: f.escrowHeld,
      note: t("ledger.term.startedNote"),
    },
    {
      key: "escrowPending",
      label: t("ledger.term.pending"),
      value: f.escrowPending,
      note: t("ledger.term.pendingNote"),
    },
    {
      key: "heldForWithdrawals",
      label: t("ledger.term.withdrawals"),
      value: f.heldForWithdrawals,
      note: t("ledger.term.withdrawalsNote"),
    },
    {
      key: "paidOut",
      label: t("ledger.term.paidOut"),
      value: f.paidOut,
      note: t("ledger.term.paidOutNote", { dollars: dollars(withdrawalCents(f.paidOut)) }),
    },
  ];
  const mismatchColumns: CardColumn[] = [
    { header: t("ledger.col.user") },
    ...(
      [
        "ledger.col.balance",
        "ledger.col.ledgerSum",
        "ledger.difference",
        "ledger.col.debt",
        "ledger.col.debtLedgerSum",
      ] as const
    ).map((key) => ({ header: t(key), className: "text-right" })),
  ];

  return (
    <>
      <PageHeader
        title={t("ledger.title")}
        description={full ? t("ledger.descriptionFull") : t("ledger.description")}
      />

      {f.holds ? (
        <Alert tone="success" title={t("home.ledgerOk")} className="mb-6">
          {/* the title says it; the full check says more (decision 113) */}
          {full ? (
            <p>{t("ledger.okFull")}</p>
          ) : (
            <form method="get" className="mt-1">
              <input type="hidden" name="check" value="all" />
              <button type="submit" className="text-left font-semibold underline underline-offset-2">
                {t("ledger.checkAll")}
              </button>
            </form>
          )}
        </Alert>
      ) : (
        <Alert tone="danger" title={t("ledger.warning")} className="mb-6" data-testid="ledger-warning">
          {difference !== 0 ? (
            <p>
              {t.rich("ledger.createdVsAccounted", {
                created: count(f.created),
                accounted: count(accounted),
                difference: signed(difference, count),
                b: (chunks) => <strong>{chunks}</strong>,
              })}
            </p>
          ) : null}
          <Differing users={f.mismatchedUsers} words="ledger.differingBalances" />
          <Differing users={f.mismatchedDebts} words="ledger.differingDebts" />
          <p>{t("ledger.stop")}</p>
        </Alert>
      )}

      <section
        aria-labelledby="identity-heading"
        className="rounded-2xl border border-border bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="identity-heading" className="text-lg font-semibold">
          {t("ledger.identity")}
        </h2>

        <div className="mt-4 grid items-stretch gap-3 md:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
          <div className="rounded-xl bg-brand-900 p-5 text-white" data-testid="ledger-created">
            <p className="text-sm text-brand-100">{t("ledger.created")}</p>
            <p className="mt-1 text-3xl font-bold tabular-nums">{count(f.created)}</p>
            <dl className="mt-4 grid gap-1 text-sm text-brand-100">
              <Row label={t("ledger.signup")} value={count(f.signupBonuses)} />
              <Row label={t("ledger.purchases")} value={count(f.purchases)} />
              <Row label={t("ledger.adjustments")} value={signed(f.adjustments, count)} />
              <Row label={t("ledger.advances")} value={count(f.advances)} />
              <Row label={t("ledger.reversals")} value={`−${count(f.reversals)}`} />
              <Row label={t("ledger.settlements")} value={`−${count(f.settlements)}`} />
            </dl>
            <p className="mt-3 text-xs text-brand-100" data-testid="ledger-owed">
              {t("ledger.owed", { owed: count(f.owed) })}
            </p>
            <p className="mt-1 text-xs text-brand-100" data-testid="ledger-bonuses">
              {t("ledger.bonuses", { net: count(f.bonusNet), zero: count(0) })}
            </p>
          </div>

          <div className="flex items-center justify-center text-muted-foreground" aria-hidden>
            <Equal className="size-6" />
          </div>

          <div
            className={cn(
              "flex flex-col rounded-xl border p-5",
              f.holds ? "border-emerald-200 bg-emerald-50/60" : "border-red-200 bg-red-50",
            )}
            data-testid="ledger-accounted"
          >
            <p className="text-sm text-muted-foreground">{t("ledger.accounted")}</p>
            <p className="mt-1 text-3xl font-bold tabular-nums">{count(accounted)}</p>
            <dl className="mt-4 grid gap-1 text-sm">
              <CheckRow label={t("ledger.difference")} bad={difference !== 0}>
                {signed(difference, count)}
              </CheckRow>
              {[
                {
                  label: t("ledger.mismatchedBalances"),
                  users: f.mismatchedUsers,
                  testId: "ledger-mismatched",
                },
                {
                  label: t("ledger.mismatchedDebts"),
                  users: f.mismatchedDebts,
                  testId: "ledger-mismatched-debts",
                },
              ].map((c) => (
                <CheckRow key={c.testId} label={c.label} bad={c.users > 0} testId={c.testId}>
                  {/* a per-user figure the running totals cannot tell (the full check reads every ledger row) */}
                  {full ? count(c.users) : t("ledger.notChecked")}
                </CheckRow>
              ))}
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">{t("ledger.holds")}</dt>
                <dd className={cn("font-semibold", f.holds ? "text-emerald-700" : "text-destructive")}>
                  {f.holds ? t("ledger.yes") : t("ledger.no")}
                </dd>
              </div>
            </dl>
          </div>
        </div>

        <ol className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
          {terms.map((term, i) => (
            <li
              key={term.key}
              className="relative rounded-xl border border-border bg-muted/40 p-4"
              data-testid={`ledger-${term.key}`}
            >
              {i > 0 ? (
                <span
                  className="absolute -left-[1.125rem] top-1/2 z-10 hidden size-6 -translate-y-1/2 items-center justify-center rounded-full border border-border bg-white text-muted-foreground lg:flex"
                  aria-hidden
                >
                  <Plus className="size-3.5" />
                </span>
              ) : null}
              <p className="text-xs font-medium text-muted-foreground">
                {i > 0 ? <span className="lg:hidden">+ </span> : null}
                {term.label}
              </p>
              <p className="mt-1 text-xl font-bold tabular-nums">{count(term.value)}</p>
              <p className="mt-1 text-xs text-muted-foreground">{term.note}</p>
            </li>
          ))}
        </ol>
      </section>

      {mismatched.length > 0 ? (
        <HeadedSection
          id="mismatched-heading"
          title={t("ledger.mismatchTitle")}
          className="mt-8"
          headingClassName="mb-3"
        >
          <CardTable
            label={t("ledger.mismatchLabel")}
            columns={mismatchColumns}
            rows={mismatched}
            row={(u) => (
              <CardRow>
                <Cell className="name break-all">{u.email}</Cell>
                {mismatchFigures(u, count).map(([label, value, off]) => (
                  <Cell
                    key={label}
                    label={t(label)}
                    className={cn("tabular-nums md:text-right", off && "text-destructive")}
                  >
                    {value}
                  </Cell>
                ))}
              </CardRow>
            )}
          />
        </HeadedSection>
      ) : null}
    </>
  );
}

/** A figure of the "accounted for" box, red when it shows a problem. */
function CheckRow({
  label,
  bad,
  testId,
  children,
}: {
  label: string;
  bad: boolean;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn("font-semibold tabular-nums", bad && "text-destructive")} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd className="font-semibold tabular-nums text-white">{value}</dd>
    </div>
  );
}
