import { useState } from "react";
import { type ShouldRevalidateFunctionArgs } from "react-router";
import * as v from "valibot";
import { toast } from "sonner";
import { Coins, UserX } from "lucide-react";
import type { Route } from "./+types/manage-users";
import { getEnv } from "~/server/context";
import { requirePageRole } from "~/server/auth/guards.server";
import { invalid, refusal, respond } from "~/server/http/outcome.server";
import { adjustCoins, changeRole, listUsers, removeUser } from "~/server/services/users.server";
import { findUserName } from "~/server/services/admin-reads.server";
import { readSearch, userActionSchema, userListQuery } from "~/lib/schemas/admin";
import type { Role } from "~/lib/roles";
import { PageHeader } from "~/components/dashboard-shell";
import { Table, THead, TBody, TR, TH, TD, EmptyState } from "~/components/ui/table";
import { Badge } from "~/components/ui/badge";
import { Pagination } from "~/components/ui/pagination";
import { Avatar } from "~/components/avatar";
import { ListToolbar, FilterSelect } from "~/components/admin/list-toolbar";
import { RoleSelect } from "~/components/admin/role-select";
import { ActionDialog, ActionTrigger, NoJsConfirm, useActionFlow, useConfirmParams, type ActionFlow, type ActionSpec } from "~/components/admin/action-flow";
import { ResultDialog, type ResultInfo } from "~/components/admin/result-dialog";
import { cn } from "~/lib/cn";

export const meta: Route.MetaFunction = () => [{ title: "Manage Users · Coinwork" }];

const PAGE_SIZE = 10;

export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = requirePageRole(context, request, "Admin");
  const env = getEnv(context);
  const { q, role, page } = readSearch(request.url, userListQuery);
  const query = { q: q || undefined, role, limit: PAGE_SIZE };
  const first = await listUsers(env, { ...query, page });
  const list = first.items.length === 0 && first.page > first.pages ? await listUsers(env, { ...query, page: first.pages }) : first;
  return {
    selfId: admin.id,
    q,
    role: role ?? "",
    users: { ...list, items: list.items.map(({ id, name, email, role, coin, photo }) => ({ id, name, email, role, coin, photo })) },
  };
}

const FAIL_TITLES: Record<string, string> = {
  role: "Failed to update role.",
  remove: "Error",
  adjust: "Adjustment failed",
};

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requirePageRole(context, request, "Admin");
  const env = getEnv(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "") || null;
  const failTitle = FAIL_TITLES[intent] ?? "Error";
  const failMessage = intent === "remove" ? "Failed to delete user." : undefined;
  const parsed = v.safeParse(userActionSchema, Object.fromEntries(form));
  if (!parsed.success) {
    const { fields, first } = invalid(parsed.issues);
    return respond(request, form, { ok: false, intent, id, title: failTitle, message: failMessage, detail: first, fields }, 422);
  }
  const input = parsed.output;
  try {
    const target = await findUserName(env, input.id);
    switch (input.intent) {
      case "role": {
        await changeRole(env, admin, input.id, input.role);
        return respond(request, form, {
          ok: true,
          intent,
          id: input.id,
          title: "Role updated successfully!",
          message: target ? `${target.name} is now ${input.role === "Admin" ? "an" : "a"} ${input.role}.` : undefined,
        });
      }
      case "remove": {
        await removeUser(env, admin, input.id, input.reason || undefined);
        return respond(request, form, {
          ok: true,
          intent,
          id: input.id,
          title: "Removed!",
          message: target ? `${target.name} can no longer sign in; their open tasks were closed and refunded.` : undefined,
        });
      }
      case "adjust": {
        await adjustCoins(env, admin, input.id, input.addcoin, input.reason);
        const n = Math.abs(input.addcoin);
        return respond(request, form, {
          ok: true,
          intent,
          id: input.id,
          title: "Coins adjusted",
          message: `${input.addcoin > 0 ? "Added" : "Deducted"} ${n} ${n === 1 ? "coin" : "coins"} ${input.addcoin > 0 ? "to" : "from"} ${target?.name ?? "the user"}.`,
        });
      }
    }
  } catch (e) {
    const r = refusal(e);
    return respond(
      request,
      form,
      { ok: false, intent, id: input.id, title: failTitle, message: failMessage, detail: r.detail ?? "Something went wrong", fields: intent === "adjust" ? adjustFields(r.fields, r.detail) : r.fields },
      r.status,
    );
  }
}

/** A refusal of an adjustment (e.g. "… has only 12 coins.") belongs under the amount. */
function adjustFields(fields: Record<string, string[]> | undefined, detail: string | undefined) {
  if (fields && Object.keys(fields).length) return fields;
  return detail ? { addcoin: [detail] } : undefined;
}

export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

type User = Route.ComponentProps["loaderData"]["users"]["items"][number];

function removeSpec(u: User): ActionSpec {
  return {
    intent: "remove",
    id: u.id,
    title: "Are you sure?",
    description: `${u.name} (${u.email}) will be removed: they can no longer sign in, and their open tasks are closed and refunded. Their history stays in the ledger.`,
    confirmLabel: "Yes, remove",
    destructive: true,
    reason: { label: "Reason", placeholder: "Recorded in the audit log, e.g. Spam account." },
  };
}

function adjustSpec(u: User): ActionSpec {
  return {
    intent: "adjust",
    id: u.id,
    title: `Adjust coins of ${u.name}`,
    description: `Balance now: ${u.coin.toLocaleString("en-US")} coins. A positive amount adds coins, a negative one deducts them. The change and its reason are recorded in the ledger and the audit log, and ${u.name} is notified.`,
    confirmLabel: "Apply adjustment",
    amount: { label: "Coins (+/-)" },
    reason: { label: "Reason", required: true, placeholder: "e.g. Refund for a duplicate charge" },
    inlineErrors: true,
  };
}

// the words of the service's NOT_SELF refusal, as a hint on the controls of the admin's own row
const NOT_SELF_TEXT = "Admins cannot change or remove their own account.";

const ROLE_FILTERS = [
  { value: "", label: "All roles" },
  { value: "Admin", label: "Admins" },
  { value: "Buyer", label: "Buyers" },
  { value: "Worker", label: "Workers" },
];

export default function ManageUsers({ loaderData }: Route.ComponentProps) {
  const { users, q, role, selfId } = loaderData;
  const [result, setResult] = useState<ResultInfo | null>(null);
  const flow = useActionFlow((outcome, spec) => {
    if (spec.intent === "remove") {
      setResult({ ok: outcome.ok, title: outcome.title, message: outcome.message, detail: outcome.ok ? undefined : outcome.detail });
    } else if (outcome.ok) {
      toast.success(outcome.title, { description: outcome.message });
    } else {
      toast.error(outcome.title, { description: outcome.detail });
    }
  });
  const confirm = useConfirmParams();
  const confirmRow = users.items.find((u) => u.id === confirm.row && u.id !== selfId);
  const noJsSpec = confirmRow ? (confirm.intent === "remove" ? removeSpec(confirmRow) : confirm.intent === "adjust" ? adjustSpec(confirmRow) : null) : null;

  return (
    <>
      <PageHeader title="Manage Users" description="Change roles, adjust balances with a recorded reason, or remove accounts." />
      <ListToolbar q={q} searchLabel="Search users" placeholder="Search by name or e-mail" active={q !== "" || role !== ""}>
        <FilterSelect name="role" label="Filter by role" value={role} options={ROLE_FILTERS} />
      </ListToolbar>
      <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
        {users.total === 1 ? "1 user" : `${users.total.toLocaleString("en-US")} users`}
        {q ? ` matching "${q}"` : ""}
      </p>
      {users.items.length === 0 ? (
        <EmptyState message="No users match your search." />
      ) : (
        <>
          <div className="hidden lg:block">
            <Table caption="Users">
              <THead>
                <tr>
                  <TH>User</TH>
                  <TH>E-mail</TH>
                  <TH>Role</TH>
                  <TH className="text-right">Coins</TH>
                  <TH className="text-right">
                    <span className="sr-only">Actions</span>
                  </TH>
                </tr>
              </THead>
              <TBody>
                {users.items.map((u) => (
                  <TR key={u.id} data-testid={`user-${u.email}`}>
                    <TD>
                      <div className="flex items-center gap-3">
                        <Avatar src={u.photo} name={u.name} />
                        <span className="font-medium">{u.name}</span>
                        {u.id === selfId ? <Badge tone="info">You</Badge> : null}
                      </div>
                    </TD>
                    <TD className="text-muted-foreground">{u.email}</TD>
                    <TD>
                      <RoleSelect userId={u.id} name={u.name} role={u.role as Role} disabled={u.id === selfId} disabledReason={NOT_SELF_TEXT} />
                    </TD>
                    <TD className="text-right font-semibold tabular-nums">{u.coin.toLocaleString("en-US")}</TD>
                    <TD>
                      <UserActions u={u} flow={flow} self={u.id === selfId} className="justify-end" />
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
          <ul className="grid grid-cols-1 gap-3 lg:hidden" aria-label="Users">
            {users.items.map((u) => (
              <li key={u.id} className="rounded-xl border border-border bg-white p-4 shadow-sm">
                <div className="flex items-center gap-3">
                  <Avatar src={u.photo} name={u.name} className="size-11" />
                  <div className="min-w-0 flex-1">
                    <p className="flex items-center gap-2 font-medium">
                      <span className="min-w-0 truncate">{u.name}</span>
                      {u.id === selfId ? <Badge tone="info">You</Badge> : null}
                    </p>
                    <p className="truncate text-sm text-muted-foreground">{u.email}</p>
                  </div>
                  <p className="text-right">
                    <span className="block font-semibold tabular-nums">{u.coin.toLocaleString("en-US")}</span>
                    <span className="block text-xs text-muted-foreground">coins</span>
                  </p>
                </div>
                <div className="mt-3 grid gap-2 border-t border-border pt-3">
                  <RoleSelect userId={u.id} name={u.name} role={u.role as Role} disabled={u.id === selfId} disabledReason={NOT_SELF_TEXT} visibleLabel />
                  <UserActions u={u} flow={flow} self={u.id === selfId} size="default" className="grid grid-cols-2" />
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={users.page} pages={users.pages} />
        </>
      )}
      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
      <ResultDialog result={result} onClose={() => setResult(null)} />
    </>
  );
}

function UserActions({ u, flow, self, className, size = "sm" }: { u: User; flow: ActionFlow; self: boolean; className?: string; size?: "sm" | "default" }) {
  return (
    <div className={cn("flex gap-2", className)}>
      <ActionTrigger flow={flow} spec={adjustSpec(u)} disabled={self} size={size} icon={<Coins aria-hidden />} label={`Adjust coins of ${u.name}`}>
        Adjust coins
      </ActionTrigger>
      <ActionTrigger
        flow={flow}
        spec={removeSpec(u)}
        disabled={self}
        size={size}
        className="text-destructive hover:bg-red-50"
        icon={<UserX aria-hidden />}
        label={`Remove ${u.name}`}
      >
        Remove
      </ActionTrigger>
    </div>
  );
}
