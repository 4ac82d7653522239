import { useId } from "react";
import { useSearchParams } from "react-router";
import type { Role } from "~/lib/roles";
import type { ActionFlow, ActionSpec } from "~/components/actions/flow";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/input";
import { CONFIRM_PARAM, ROW_PARAM } from "~/lib/enhanced";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/components/use-hydrated";

/** The order the product lists them in (Admin, Buyer, Worker). */
export const ROLE_OPTIONS: Role[] = ["Admin", "Buyer", "Worker"];

/** The query parameter of the no-JavaScript confirmation that names the role chosen (`role` filters the list). */
export const NEW_ROLE_PARAM = "to";

const article = (role: string) => (role === "Admin" ? "an" : "a");

/** The confirmation of a role change, as every other admin action asks first. */
export function roleSpec(user: { id: string; name: string; role: string }, role: Role): ActionSpec {
  return {
    intent: "role",
    id: user.id,
    title: `Change the role of ${user.name}?`,
    description: `${user.name} is ${article(user.role)} ${user.role} now and becomes ${article(role)} ${role}: their pages and what they may do change at their next click. Their coins and history stay.`,
    confirmLabel: `Yes, make them ${article(role)} ${role}`,
    hidden: { role },
  };
}

/**
 * A user's role. Choosing another one asks first: with JavaScript the page's confirmation dialog opens (the select
 * shows the role chosen until the answer); without it the select and 'Change role' open the page's confirmation
 * view (`?confirm=role&row=<id>&to=<role>`). 'Role updated successfully!' or 'Failed to update role.' answer.
 */
export function RoleSelect({
  user,
  flow,
  disabled,
  disabledReason,
  className,
}: {
  user: { id: string; name: string; role: Role };
  flow: ActionFlow;
  disabled?: boolean;
  disabledReason?: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const asking = flow.spec?.intent === "role" && flow.spec.id === user.id && (flow.open || flow.busy);
  const value = asking ? (flow.spec?.hidden?.role as Role) : user.role;
  const selectId = useId();
  return (
    <form method="get" className={cn("flex items-center gap-2", className)}>
      {/* the list's own query (search, filter, page) survives the confirmation view */}
      {[...params].map(([name, v]) =>
        [CONFIRM_PARAM, ROW_PARAM, NEW_ROLE_PARAM].includes(name) ? null : (
          <input key={name} type="hidden" name={name} value={v} />
        ),
      )}
      <input type="hidden" name={CONFIRM_PARAM} value="role" />
      <input type="hidden" name={ROW_PARAM} value={user.id} />
      <label htmlFor={selectId} className="sr-only">
        Role of {user.name}
      </label>
      <NativeSelect
        id={selectId}
        name={NEW_ROLE_PARAM}
        value={value}
        disabled={disabled}
        title={disabled ? disabledReason : undefined}
        aria-busy={(asking && flow.busy) || undefined}
        className="w-32"
        onChange={(e) => {
          const role = e.currentTarget.value as Role;
          if (role !== user.role) flow.ask(roleSpec(user, role));
        }}
      >
        {ROLE_OPTIONS.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </NativeSelect>
      {!hydrated && !disabled ? (
        <Button type="submit" size="sm" variant="outline">
          Change role
        </Button>
      ) : null}
    </form>
  );
}
