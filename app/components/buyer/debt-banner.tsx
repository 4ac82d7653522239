import { Link } from "react-router";
import { CircleAlert } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import { formatCoins } from "~/lib/format";

/** Above every buyer page while the buyer owes coins (services/debts.server.ts): what happened and what to do. */
export function DebtBanner({ coins }: { coins: number }) {
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="debt-banner"
    >
      <CircleAlert className="size-5 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">You owe {formatCoins(coins)} after a card payment was reversed.</span> Buy coins
        to settle it; until then, posting tasks and other spending are paused.
      </p>
      <Link to="/dashboard/purchasecoin" className={buttonVariants({ size: "sm" })}>
        Buy coins
      </Link>
    </div>
  );
}
