import { useSearchParams } from "react-router";
import * as v from "valibot";
import { Coins, UserX } from "~/components/icons";
import type { Route } from "./+types/manage-users";
import { getEnv } from "~/server/context";
import { adminUser } from "~/server/auth/guards.server";
import { confirmAction } from "~/server/http/page-action.server";
import { pageOrLast } from "~/server/http/list-page.server";
import { adjustCoins, changeRole, listUsers, removeUser } from "~/server/services/users.server";
import { findUserName } from "~/server/services/admin-reads.server";
import { userActionSchema, userListQuery } from "~/lib/schemas/admin";
import { readSearch } from "~/lib/schemas/paging";
import type { Role } from "~/lib/roles";
import { PageHeader } from "~/components/dashboard-shell";
import { Cell } from "~/components/responsive-list";
import { Badge } from "~/components/ui/badge";
import { Avatar } from "~/components/avatar";
import { ListToolbar, FilterSelect } from "~/components/admin/list-toolbar";
import { NEW_ROLE_PARAM, RoleSelect, roleSpec } from "~/components/admin/role-select";
import { FEEDBACK } from "~/components/actions/feedback";
import { ROLES } from "~/lib/roles";
import { ActionDialog, NoJsConfirm, useNoJsSpec } from "~/components/actions/confirm";
import { ActionTrigger } from "~/components/actions/trigger";
import { useActionFlow, type ActionFlow, type ActionSpec } from "~/components/actions/flow";
import { AdminList, ListCount } from "~/components/admin/admin-list";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { formatCoins, formatCount } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Manage Users · Coinwork" }];

const PAGE_SIZE = 10;

export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = adminUser(context);
  const env = getEnv(context);
  const { q, role, page } = readSearch(request.url, userListQuery);
  const list = await pageOrLast(page, (p) => listUsers(env, { q: q || undefined, role, page: p, limit: PAGE_SIZE }));
  return {
    selfId: admin.id,
    q,
    role: role ?? "",
    users: list,
  };
}

const FAIL_TITLES: Record<string, string> = {
  role: "Failed to update role.",
  remove: "Error",
  adjust: "Adjustment failed",
};

export const action = (args: Route.ActionArgs) =>
  confirmAction(args, {
    user: adminUser,
    schema: userActionSchema,
    failure: (intent, refused) => ({
      title: Object.hasOwn(FAIL_TITLES, intent) ? FAIL_TITLES[intent] : "Error",
      message: intent === "remove" ? "Failed to delete user." : undefined,
      // a refusal of an adjustment (e.g. "… has only 12 coins.") belongs under the amount
      fields: intent === "adjust" && !refused.fields ? { addcoin: [refused.message] } : undefined,
    }),
    async run(input, { user: admin, env }) {
      const target = await findUserName(env, input.id);
      switch (input.intent) {
        case "role": {
          await changeRole(env, admin, input.id, input.role);
          return {
            title: "Role updated successfully!",
            message: target ? `${target.name} is now ${input.role === "Admin" ? "an" : "a"} ${input.role}.` : undefined,
          };
        }
        case "remove": {
          await removeUser(env, admin, input.id, input.reason || undefined);
          return {
            title: "Removed!",
            message: target
              ? `${target.name} can no longer sign in; their open tasks were closed and refunded.`
              : undefined,
          };
        }
        case "adjust": {
          await adjustCoins(env, admin, input.id, input.addcoin, input.reason);
          return {
            title: "Coins adjusted",
            message: `${input.addcoin > 0 ? "Added" : "Deducted"} ${formatCoins(Math.abs(input.addcoin))} ${input.addcoin > 0 ? "to" : "from"} ${target?.name ?? "the user"}.`,
          };
        }
      }
    },
  });

export const shouldRevalidate = revalidateAfterPost;

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
    feedback: FEEDBACK.removed,
  };
}

function adjustSpec(u: User): ActionSpec {
  return {
    intent: "adjust",
    id: u.id,
    title: `Adjust coins of ${u.name}`,
    description: `Balance now: ${formatCoins(u.coin)}. A positive amount adds coins, a negative one deducts them. The change and its reason are recorded in the ledger and the audit log, and ${u.name} is notified.`,
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
  const flow = useActionFlow();
  // the no-JavaScript confirmation of a role change names the role chosen (?to=)
  const [params] = useSearchParams();
  const chosen = v.safeParse(v.picklist(ROLES), params.get(NEW_ROLE_PARAM));
  const noJsSpec = useNoJsSpec(
    users.items,
    {
      remove: removeSpec,
      adjust: adjustSpec,
      ...(chosen.success ? { role: (u: User) => roleSpec(u, chosen.output) } : {}),
    },
    (u) => u.id !== selfId,
  );

  return (
    <>
      <PageHeader
        title="Manage Users"
        description="Change roles, adjust balances with a recorded reason, or remove accounts."
      />
      <ListToolbar
        q={q}
        searchLabel="Search users"
        placeholder="Search by name or e-mail"
        active={q !== "" || role !== ""}
      >
        <FilterSelect name="role" label="Filter by role" value={role} options={ROLE_FILTERS} />
      </ListToolbar>
      <ListCount total={users.total} one="user" many="users" q={q} />
      <AdminList
        list={users}
        label="Users"
        empty="No users match your search."
        columns={[
          { header: "User" },
          { header: "E-mail" },
          { header: "Role" },
          { header: "Coins", className: "text-right" },
        ]}
        rowTestId={(u) => `user-${u.email}`}
        cells={(u) => (
          <>
            <Cell>
              <div className="flex items-center gap-3">
                <Avatar src={u.photo} name={u.name} />
                <span className="name">{u.name}</span>
                {u.id === selfId ? <Badge tone="info">You</Badge> : null}
              </div>
            </Cell>
            <Cell className="text-muted-foreground">
              {u.email}
              <BlockedBy count={u.blockedBy} />
            </Cell>
            <Cell label="Role">
              <UserRoleSelect u={u} flow={flow} self={u.id === selfId} />
            </Cell>
            <Cell label="Coins" className="amount">
              {formatCount(u.coin)}
            </Cell>
            <Cell className="actions">
              <UserActions u={u} flow={flow} self={u.id === selfId} />
            </Cell>
          </>
        )}
      />
      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}

/** How many buyers block this worker (docs/product/quality.md); nothing when none do. */
function BlockedBy({ count }: { count: number }) {
  if (!count) return null;
  return (
    <span className="block text-xs font-medium text-amber-800" data-testid="blocked-by">
      Blocked by {formatCount(count)} {count === 1 ? "buyer" : "buyers"}
    </span>
  );
}

/** The role picker of a user's row; an admin cannot change their own role. */
function UserRoleSelect({ u, flow, self }: { u: User; flow: ActionFlow; self: boolean }) {
  return (
    <RoleSelect
      user={{ id: u.id, name: u.name, role: u.role as Role }}
      flow={flow}
      disabled={self}
      disabledReason={NOT_SELF_TEXT}
    />
  );
}

function UserActions({ u, flow, self }: { u: User; flow: ActionFlow; self: boolean }) {
  return (
    <>
      <ActionTrigger
        flow={flow}
        spec={adjustSpec(u)}
        disabled={self}
        size="sm"
        icon={<Coins aria-hidden />}
        label={`Adjust coins of ${u.name}`}
      >
        Adjust coins
      </ActionTrigger>
      <ActionTrigger
        flow={flow}
        spec={removeSpec(u)}
        disabled={self}
        size="sm"
        variant="danger"
        icon={<UserX aria-hidden />}
        label={`Remove ${u.name}`}
      >
        Remove
      </ActionTrigger>
    </>
  );
}
