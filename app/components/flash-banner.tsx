import type { Flash } from "~/lib/flash";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/components/use-hydrated";

/** Shows a flash inline until JavaScript takes over with a toast, so messages reach no-JS visitors too. */
export function FlashBanner({ flash }: { flash: Flash | null }) {
  const hydrated = useHydrated();
  if (!flash || hydrated) return null;
  return (
    <div
      role={flash.type === "error" ? "alert" : "status"}
      className={cn(
        "mx-auto mt-3 max-w-3xl rounded-lg border px-4 py-3 text-sm",
        flash.type === "error"
          ? "border-red-200 bg-red-50 text-red-900"
          : "border-emerald-200 bg-emerald-50 text-emerald-900",
      )}
    >
      <p className="font-semibold">{flash.title}</p>
      {flash.message ? <p>{flash.message}</p> : null}
    </div>
  );
}
