import { Equal, Plus } from "~/components/icons";
import type { Route } from "./+types/ledger";
import { getEnv } from "~/server/context";
import { ledgerReport } from "~/server/services/ledger.server";
import { withdrawalCents } from "~/lib/coins";
import { PageHeader } from "~/components/dashboard-shell";
import { Alert } from "~/components/ui/alert";
import { CardRow, CardTable, Cell, type CardColumn } from "~/components/responsive-list";
import { cn } from "~/lib/cn";
import { formatCount, formatDollars } from "~/lib/format";
import { HeadedSection } from "~/components/headed-section";

export const meta: Route.MetaFunction = () => [{ title: "Ledger · Coinwork" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  // Comparing every user's balance with their own ledger rows reads them all: on demand (?check=all), and at once
  // when the running totals do not balance (to find who differs).
  const full = new URL(request.url).searchParams.get("check") === "all";
  return { ...(await ledgerReport(getEnv(context), { full })), checkedAt: Date.now() };
}

/** How many users' cached `what` differs from the sum of their `entries` (nothing when none). */
function Differing({ users, what, entries }: { users: number; what: string; entries: string }) {
  if (users === 0) return null;
  return (
    <p>
      {users === 1 ? "1 user's" : `${formatCount(users)} users'`} {what} differs from the sum of their {entries} (listed
      below).
    </p>
  );
}

/** A per-user figure the running totals cannot tell (the full check reads every ledger row). */
const NOT_CHECKED = "not checked";

/** A mismatched user's figures in the table's order: label, value, and whether it is the one that is off. */
function mismatchFigures(u: { coin: number; ledger: number; debt: number; debtLedger: number }) {
  const difference = u.coin - u.ledger;
  return [
    ["Balance", formatCount(u.coin), false],
    ["Ledger sum", formatCount(u.ledger), false],
    ["Difference", `${difference > 0 ? "+" : ""}${formatCount(difference)}`, difference !== 0],
    ["Debt", formatCount(u.debt), u.debt !== u.debtLedger],
    ["Debt ledger sum", formatCount(u.debtLedger), false],
  ] as const;
}

const MISMATCH_COLUMNS: CardColumn[] = [
  { header: "User" },
  { header: "Balance", className: "text-right" },
  { header: "Ledger sum", className: "text-right" },
  { header: "Difference", className: "text-right" },
  { header: "Debt", className: "text-right" },
  { header: "Debt ledger sum", className: "text-right" },
];

export default function Ledger({ loaderData }: Route.ComponentProps) {
  const { figures: f, accounted, mismatched, full } = loaderData;
  const difference = f.created - accounted;
  const terms = [
    { key: "balances", label: "Balances", value: f.balances, note: "coins in every user's account" },
    {
      key: "escrowOpenSlots",
      label: "Escrow: open slots",
      value: f.escrowOpenSlots,
      note: "open slots × pay of live tasks",
    },
    {
      key: "escrowHeld",
      label: "Escrow: started tasks",
      value: f.escrowHeld,
      note: "slots workers started, at the pay of their start",
    },
    {
      key: "escrowPending",
      label: "Escrow: pending submissions",
      value: f.escrowPending,
      note: "pay of submissions awaiting review",
    },
    {
      key: "heldForWithdrawals",
      label: "Held for withdrawals",
      value: f.heldForWithdrawals,
      note: "pending withdrawal requests",
    },
    {
      key: "paidOut",
      label: "Paid out",
      value: f.paidOut,
      note: `approved withdrawals (${formatDollars(withdrawalCents(f.paidOut))})`,
    },
  ];

  return (
    <>
      <PageHeader
        title="Ledger"
        description={
          full
            ? "The conservation identity of the coin economy, and every user's balance checked against their ledger entries now."
            : "The conservation identity of the coin economy, from the running totals the database keeps with every change."
        }
      />

      {f.holds ? (
        <Alert tone="success" title="The ledger balances" className="mb-6">
          <p>
            {full
              ? "Every coin created is accounted for, and every user's balance equals the sum of their ledger entries."
              : "Every coin created is accounted for."}
          </p>
          {full ? null : (
            <form method="get" className="mt-2">
              <input type="hidden" name="check" value="all" />
              <button type="submit" className="font-semibold underline underline-offset-2">
                Check every user's balance against their ledger entries
              </button>
            </form>
          )}
        </Alert>
      ) : (
        <Alert tone="danger" title="Warning: the ledger does not balance" className="mb-6" data-testid="ledger-warning">
          {difference !== 0 ? (
            <p>
              {formatCount(f.created)} coins were created but {formatCount(accounted)} are accounted for: a difference
              of{" "}
              <strong>
                {difference > 0 ? "+" : ""}
                {formatCount(difference)}
              </strong>{" "}
              coins.
            </p>
          ) : null}
          <Differing users={f.mismatchedUsers} what="cached balance" entries="ledger entries" />
          <Differing users={f.mismatchedDebts} what="recorded debt" entries="debt entries" />
          <p>Stop approving withdrawals and adjusting coins until the cause is found.</p>
        </Alert>
      )}

      <section
        aria-labelledby="identity-heading"
        className="rounded-2xl border border-border bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="identity-heading" className="text-lg font-semibold">
          Created = balances + escrow + held + paid out
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Coins enter the economy as sign-up bonuses, purchases, admin adjustments and advances against a buyer's debt
          (an overturned rejection the balance could not pay), and leave it when a refunded or disputed card payment is
          taken back or a debt is settled; every other movement only moves them between the five terms below.
        </p>

        <div className="mt-6 grid items-stretch gap-3 md:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
          <div className="rounded-xl bg-brand-900 p-5 text-white" data-testid="ledger-created">
            <p className="text-sm text-brand-100">Coins created</p>
            <p className="mt-1 text-3xl font-bold tabular-nums">{formatCount(f.created)}</p>
            <dl className="mt-4 grid gap-1 text-sm text-brand-100">
              <Row label="Sign-up bonuses" value={formatCount(f.signupBonuses)} />
              <Row label="Purchases" value={formatCount(f.purchases)} />
              <Row label="Admin adjustments" value={`${f.adjustments > 0 ? "+" : ""}${formatCount(f.adjustments)}`} />
              <Row label="Advanced against debts (overturned rejections)" value={formatCount(f.advances)} />
              <Row label="Reversed payments (refunds, disputes)" value={`−${formatCount(f.reversals)}`} />
              <Row label="Debts settled by purchases" value={`−${formatCount(f.settlements)}`} />
            </dl>
            <p className="mt-3 text-xs text-brand-100" data-testid="ledger-owed">
              Owed by buyers after reversed payments and advances: {formatCount(f.owed)} coins (not coins until a
              purchase settles them, so outside the identity).
            </p>
            <p className="mt-1 text-xs text-brand-100" data-testid="ledger-bonuses">
              Bonuses move coins from buyers&apos; balances to workers&apos;: their rows net to{" "}
              {formatCount(f.bonusNet)} (0 when each bonus paid what it charged).
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
            <p className="text-sm text-muted-foreground">Accounted for</p>
            <p className="mt-1 text-3xl font-bold tabular-nums">{formatCount(accounted)}</p>
            <dl className="mt-4 grid gap-1 text-sm">
              <CheckRow label="Difference" bad={difference !== 0}>
                {difference > 0 ? "+" : ""}
                {formatCount(difference)}
              </CheckRow>
              {[
                {
                  label: "Balances that differ from their ledger",
                  users: f.mismatchedUsers,
                  testId: "ledger-mismatched",
                },
                {
                  label: "Debts that differ from their ledger",
                  users: f.mismatchedDebts,
                  testId: "ledger-mismatched-debts",
                },
              ].map((c) => (
                <CheckRow key={c.testId} label={c.label} bad={c.users > 0} testId={c.testId}>
                  {full ? formatCount(c.users) : NOT_CHECKED}
                </CheckRow>
              ))}
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Identity holds</dt>
                <dd className={cn("font-semibold", f.holds ? "text-emerald-700" : "text-destructive")}>
                  {f.holds ? "Yes" : "No"}
                </dd>
              </div>
            </dl>
          </div>
        </div>

        <ol className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5" aria-label="Where the created coins are">
          {terms.map((t, i) => (
            <li
              key={t.key}
              className="relative rounded-xl border border-border bg-muted/40 p-4"
              data-testid={`ledger-${t.key}`}
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
                {t.label}
              </p>
              <p className="mt-1 text-xl font-bold tabular-nums">{formatCount(t.value)}</p>
              <p className="mt-1 text-xs text-muted-foreground">{t.note}</p>
            </li>
          ))}
        </ol>
      </section>

      {mismatched.length > 0 ? (
        <HeadedSection
          id="mismatched-heading"
          title="Balances that differ from the ledger"
          className="mt-8"
          headingClassName="mb-3"
        >
          <CardTable
            label="Users whose cached balance or debt differs from their ledger"
            columns={MISMATCH_COLUMNS}
            rows={mismatched}
            row={(u) => (
              <CardRow>
                <Cell className="name break-all">{u.email}</Cell>
                {mismatchFigures(u).map(([label, value, off]) => (
                  <Cell
                    key={label}
                    label={label}
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
