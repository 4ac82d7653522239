import { useSearchParams } from "react-router";
import * as v from "valibot";
import { Coins, UserX } from "~/components/icons/more";
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
import { NEW_ROLE_PARAM, ROLE_OPTIONS, RoleSelect, roleSpec } from "~/components/admin/role-select";
import { FEEDBACK } from "~/components/actions/feedback";
import { ROLES } from "~/lib/roles";
import { ActionDialog, NoJsConfirm, useNoJsSpec } from "~/components/actions/confirm";
import { ActionTrigger } from "~/components/actions/trigger";
import { useActionFlow, type ActionFlow, type ActionSpec } from "~/components/actions/flow";
import { AdminList, ListCount } from "~/components/admin/admin-list";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { metaWords, useFormat, useWords, type Words } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "admin")("users.meta") }];

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

export const action = (args: Route.ActionArgs) => {
  const language = adminUser(args.context).language;
  const t = serverWords(language, "admin");
  const coins = serverWords(language, "common");
  const failTitles: Record<string, string> = {
    role: t("users.roleFailed"),
    remove: t("users.error"),
    adjust: t("users.adjustFailed"),
  };
  return confirmAction(args, {
    user: adminUser,
    schema: userActionSchema,
    failure: (intent, refused) => ({
      title: Object.hasOwn(failTitles, intent) ? failTitles[intent] : t("users.error"),
      message: intent === "remove" ? t("users.removeFailed") : undefined,
      // a refusal of an adjustment (e.g. "… has only 12 coins.") belongs under the amount
      fields: intent === "adjust" && !refused.fields ? { addcoin: [refused.message] } : undefined,
    }),
    async run(input, { user: admin, env }) {
      const target = await findUserName(env, input.id);
      switch (input.intent) {
        case "role": {
          await changeRole(env, admin, input.id, input.role);
          return {
            title: t("users.roleUpdated"),
            message: target ? t("users.roleUpdatedText", { name: target.name, role: input.role }) : undefined,
          };
        }
        case "remove": {
          await removeUser(env, admin, input.id, input.reason || undefined);
          return {
            title: t("users.removed"),
            message: target ? t("users.removedText", { name: target.name }) : undefined,
          };
        }
        case "adjust": {
          await adjustCoins(env, admin, input.id, input.addcoin, input.reason);
          return {
            title: t("users.adjusted"),
            message: t("users.adjustedText", {
              direction: input.addcoin > 0 ? "add" : "deduct",
              coins: coins("coins", { count: Math.abs(input.addcoin) }),
              name: target?.name ?? t("users.theUser"),
            }),
          };
        }
      }
    },
  });
};

export const shouldRevalidate = revalidateAfterPost;

type User = Route.ComponentProps["loaderData"]["users"]["items"][number];

/** The page's words and formats, which the confirmations are written with. */
type PageWords = { t: Words<"admin">; coins: (n: number) => string };

function removeSpec(u: User, { t }: PageWords): ActionSpec {
  return {
    intent: "remove",
    id: u.id,
    title: t("sure"),
    description: t("users.remove.description", { name: u.name, email: u.email }),
    confirmLabel: t("users.remove.confirm"),
    destructive: true,
    reason: { label: t("reason"), placeholder: t("users.remove.placeholder") },
    feedback: FEEDBACK.removed,
  };
}

function adjustSpec(u: User, { t, coins }: PageWords): ActionSpec {
  return {
    intent: "adjust",
    id: u.id,
    title: t("users.adjust.title", { name: u.name }),
    description: t("users.adjust.description", { coins: coins(u.coin), name: u.name }),
    confirmLabel: t("users.adjust.confirm"),
    amount: { label: t("users.adjust.amount") },
    reason: { label: t("reason"), required: true, placeholder: t("users.adjust.placeholder") },
    inlineErrors: true,
  };
}

export default function ManageUsers({ loaderData }: Route.ComponentProps) {
  const { users, q, role, selfId } = loaderData;
  const flow = useActionFlow();
  const t = useWords("admin");
  const f = useFormat();
  const words = { t, coins: f.coins };
  // the no-JavaScript confirmation of a role change names the role chosen (?to=)
  const [params] = useSearchParams();
  const chosen = v.safeParse(v.picklist(ROLES), params.get(NEW_ROLE_PARAM));
  const noJsSpec = useNoJsSpec(
    users.items,
    {
      remove: (u) => removeSpec(u, words),
      adjust: (u) => adjustSpec(u, words),
      ...(chosen.success ? { role: (u: User) => roleSpec(u, chosen.output, t) } : {}),
    },
    (u) => u.id !== selfId,
  );

  return (
    <>
      <PageHeader title={t("users.title")} description={t("users.description")} />
      <ListToolbar
        q={q}
        searchLabel={t("users.searchLabel")}
        placeholder={t("users.searchPlaceholder")}
        active={q !== "" || role !== ""}
      >
        <FilterSelect
          name="role"
          label={t("users.filterLabel")}
          value={role}
          options={[
            { value: "", label: t("users.filter.all") },
            ...ROLE_OPTIONS.map((r) => ({ value: r, label: t(`users.filter.${r}`) })),
          ]}
        />
      </ListToolbar>
      <ListCount count={t("users.count", { count: users.total })} q={q} />
      <AdminList
        list={users}
        label={t("users.label")}
        empty={t("users.empty")}
        columns={[
          { header: t("users.col.user") },
          { header: t("users.col.email") },
          { header: t("users.col.role") },
          { header: t("users.col.coins"), className: "text-right" },
        ]}
        rowTestId={(u) => `user-${u.email}`}
        cells={(u) => (
          <>
            <Cell>
              <div className="flex items-center gap-3">
                <Avatar src={u.photo} name={u.name} />
                <span className="name">{u.name}</span>
                {u.id === selfId ? <Badge tone="info">{t("users.you")}</Badge> : null}
              </div>
            </Cell>
            <Cell className="text-muted-foreground">
              {u.email}
              <BlockedBy count={u.blockedBy} />
            </Cell>
            <Cell label={t("users.col.role")}>
              <UserRoleSelect u={u} flow={flow} self={u.id === selfId} />
            </Cell>
            <Cell label={t("users.col.coins")} className="amount">
              {f.count(u.coin)}
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
  const t = useWords("admin");
  if (!count) return null;
  return (
    <span className="block text-xs font-medium text-amber-800" data-testid="blocked-by">
      {t("blockedBy", { count })}
    </span>
  );
}

/** The role picker of a user's row; an admin cannot change their own role. */
function UserRoleSelect({ u, flow, self }: { u: User; flow: ActionFlow; self: boolean }) {
  const t = useWords("admin");
  return (
    <RoleSelect
      user={{ id: u.id, name: u.name, role: u.role as Role }}
      flow={flow}
      disabled={self}
      // the words of the service's NOT_SELF refusal, as a hint on the controls of the admin's own row
      disabledReason={t("users.notSelf")}
    />
  );
}

function UserActions({ u, flow, self }: { u: User; flow: ActionFlow; self: boolean }) {
  const t = useWords("admin");
  const f = useFormat();
  const words = { t, coins: f.coins };
  return (
    <>
      <ActionTrigger
        flow={flow}
        spec={adjustSpec(u, words)}
        disabled={self}
        size="sm"
        icon={<Coins aria-hidden />}
        label={t("users.adjust.title", { name: u.name })}
      >
        {t("users.adjust")}
      </ActionTrigger>
      <ActionTrigger
        flow={flow}
        spec={removeSpec(u, words)}
        disabled={self}
        size="sm"
        variant="danger"
        icon={<UserX aria-hidden />}
        label={t("users.removeLabel", { name: u.name })}
      >
        {t("users.remove")}
      </ActionTrigger>
    </>
  );
}
