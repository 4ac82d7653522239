import { useId } from "react";
import { useSearchParams } from "react-router";
import type { Role } from "~/lib/roles";
import type { ActionFlow, ActionSpec } from "~/components/actions/flow";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/input";
import { CONFIRM_PARAM, ROW_PARAM } from "~/lib/enhanced";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/components/use-hydrated";
import { useWords, type Words } from "~/lib/i18n/react";

/** The order the product lists them in (Admin, Buyer, Worker). */
export const ROLE_OPTIONS: Role[] = ["Admin", "Buyer", "Worker"];

/** The query parameter of the no-JavaScript confirmation that names the role chosen (`role` filters the list). */
export const NEW_ROLE_PARAM = "to";

/** The confirmation of a role change, as every other admin action asks first. */
export function roleSpec(user: { id: string; name: string; role: string }, role: Role, t: Words<"admin">): ActionSpec {
  return {
    intent: "role",
    id: user.id,
    title: t("role.title", { name: user.name }),
    description: t("role.description", { name: user.name, from: user.role, to: role }),
    confirmLabel: t("role.confirm", { to: role }),
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
  const t = useWords("admin");
  const roleWords = useWords("dashboard");
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
        {t("role.label", { name: user.name })}
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
          if (role !== user.role) flow.ask(roleSpec(user, role, t));
        }}
      >
        {ROLE_OPTIONS.map((r) => (
          <option key={r} value={r}>
            {roleWords(`role.${r}`)}
          </option>
        ))}
      </NativeSelect>
      {!hydrated && !disabled ? (
        <Button type="submit" size="sm" variant="outline">
          {t("role.change")}
        </Button>
      ) : null}
    </form>
  );
}
