import { useId } from "react";
import { Loader2 } from "lucide-react";
import type { Role } from "~/lib/roles";
import { EnhancedMarker } from "~/components/actions/enhanced";
import { toastOutcome, useOutcomeFetcher } from "~/components/actions/confirm";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/components/use-hydrated";

/** The order the product lists them in (Admin, Buyer, Worker). */
const ROLE_OPTIONS: Role[] = ["Admin", "Buyer", "Worker"];

/**
 * A user's role, changed at once: with JavaScript the change posts through a fetcher and a toast says
 * 'Role updated successfully!' or 'Failed to update role.'; without it a Save button posts the form.
 */
export function RoleSelect({
  userId,
  name,
  role,
  disabled,
  disabledReason,
  className,
  visibleLabel,
}: {
  userId: string;
  name: string;
  role: Role;
  disabled?: boolean;
  disabledReason?: string;
  className?: string;
  /** show "Role" beside the select (cards on phones) instead of a screen-reader-only label */
  visibleLabel?: boolean;
}) {
  const fetcher = useOutcomeFetcher(toastOutcome);
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("role");
  const value = (typeof pending === "string" ? pending : role) as Role;
  const busy = fetcher.state !== "idle";

  const selectId = useId(); // the row shows as a table row and as a card: one id each
  return (
    <fetcher.Form method="post" className={cn("flex items-center gap-2", className)}>
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="id" value={userId} />
      <EnhancedMarker />
      <label htmlFor={selectId} className={visibleLabel ? "text-sm font-medium text-muted-foreground" : "sr-only"}>
        {visibleLabel ? <span aria-hidden>Role</span> : null}
        <span className={visibleLabel ? "sr-only" : undefined}>Role of {name}</span>
      </label>
      <NativeSelect
        id={selectId}
        name="role"
        value={value}
        disabled={disabled}
        title={disabled ? disabledReason : undefined}
        aria-busy={busy || undefined}
        className={visibleLabel ? "h-10 flex-1" : "h-9 w-32"}
        onChange={(e) => {
          if (e.currentTarget.value !== role) fetcher.submit(e.currentTarget.form, { method: "post" });
        }}
      >
        {ROLE_OPTIONS.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </NativeSelect>
      {busy ? <Loader2 className="size-4 animate-spin text-muted-foreground" aria-label="Saving role" /> : null}
      {!hydrated && !disabled ? (
        <Button type="submit" size="sm" variant="outline">
          Save
        </Button>
      ) : null}
    </fetcher.Form>
  );
}
