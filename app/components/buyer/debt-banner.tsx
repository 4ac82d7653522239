import { Link } from "react-router";
import { CircleAlert } from "~/components/icons/more";
import { buttonVariants } from "~/components/ui/button";
import { useFormat, useWords } from "~/lib/i18n/react";

/** Above every buyer page while the buyer owes coins (services/debts.server.ts): what happened and what to do. */
export function DebtBanner({ coins }: { coins: number }) {
  const t = useWords("buyer");
  const f = useFormat();
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="debt-banner"
    >
      <CircleAlert className="size-5 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">
        {t.rich("debt.banner", {
          strong: (c) => <span className="font-semibold">{c}</span>,
          coins: f.coins(coins),
        })}
      </p>
      <Link to="/dashboard/purchasecoin" className={buttonVariants({ size: "sm" })}>
        {t("debt.buy")}
      </Link>
    </div>
  );
}
