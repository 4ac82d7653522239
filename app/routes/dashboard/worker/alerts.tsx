import { Link } from "react-router";
import type { Route } from "./+types/alerts";
import { KeyRound, Mail, MailWarning, Search, Trash2 } from "~/components/icons";
import { PageHeader } from "~/components/dashboard-shell";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { CopyButton } from "~/components/copy-button";
import { LocalTime } from "~/components/local-time";
import { EnhancedMarker } from "~/components/actions/enhanced";
import { ActionDialog, NoJsConfirm, useNoJsSpec } from "~/components/actions/confirm";
import { RowActions } from "~/components/actions/trigger";
import { toastOutcome, useActionFlow, useOutcomeFetcher, type ActionSpec } from "~/components/actions/flow";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { getEnv } from "~/server/context";
import { workerUser } from "~/server/auth/guards.server";
import { appOrigin } from "~/server/environment.server";
import { confirmAction } from "~/server/http/page-action.server";
import {
  alertEmailsOn,
  deleteSavedSearch,
  describeSearch,
  feedPath,
  listSavedSearches,
  regenerateFeedToken,
  saveSearch,
  SAVED_SEARCH_LIMIT,
  setAlertEmails,
  type SavedSearchView,
} from "~/server/services/alerts.server";
import { deletePushSubscription, pushSetup, savePushSubscription } from "~/server/services/push.server";
import { alertsPageAction } from "~/lib/schemas/alerts";
import { serverWords } from "~/lib/i18n/words.server";
import { PushToggle } from "~/components/push/push-toggle";

export const meta: Route.MetaFunction = () => [{ title: "Task Alerts · Coinwork" }];

const PATH = "/dashboard/alerts";

/**
 * The worker's saved searches (at most SAVED_SEARCH_LIMIT, one page) with their feed addresses, the e-mails, and
 * push: the server's public key (null when push is not set up) and the worker's browsers that have it on.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = workerUser(context);
  const env = getEnv(context);
  const [list, emailsOn, push] = await Promise.all([
    listSavedSearches(env, user.id, { limit: SAVED_SEARCH_LIMIT }),
    alertEmailsOn(env, user.id),
    pushSetup(env, user.id),
  ]);
  const origin = appOrigin(env, request);
  return {
    emailsOn,
    push,
    searches: list.items.map((s) => ({
      id: s.id,
      what: describeSearch(s),
      listHref: taskListHref(s),
      feedUrl: new URL(feedPath(s.feedToken), origin).toString(),
      createdAt: s.createdAt,
    })),
  };
}

/** The task list filtered as the search is, so the worker sees what it matches today. */
function taskListHref(s: SavedSearchView) {
  const params = new URLSearchParams();
  if (s.words) params.set("q", s.words);
  if (s.category) params.set("category", s.category);
  if (s.minCentsPerHour) params.set("min_hourly", String(s.minCentsPerHour / 100));
  if (s.minApproval) params.set("min_approval", String(s.minApproval));
  const search = params.toString();
  return `/dashboard/tasklist${search ? `?${search}` : ""}`;
}

/**
 * Save (from the task list), delete, a new feed address, e-mails on or off: each through the alerts service; push
 * on or off in a browser through the push service.
 */
export const action = (args: Route.ActionArgs) =>
  confirmAction(args, {
    user: workerUser,
    schema: alertsPageAction,
    failure: (intent) => ({
      title:
        intent === "save"
          ? "Search not saved"
          : intent === "delete"
            ? "Not deleted"
            : intent === "regenerate"
              ? "Feed address not changed"
              : intent === "push-on"
                ? serverWords(workerUser(args.context).language, "worker")("alerts.push.notTurnedOn")
                : "Not changed",
    }),
    async run(input, { user, env }) {
      switch (input.intent) {
        case "save": {
          const { intent: _, ...criteria } = input;
          const search = await saveSearch(env, user, criteria);
          return {
            title: "Search saved",
            message: `You'll get alerts for ${describeSearch(search)}.`,
            to: PATH,
          };
        }
        case "delete": {
          const gone = await deleteSavedSearch(env, user, input.id);
          return { title: "Deleted", message: `No more alerts for ${describeSearch(gone)}.` };
        }
        case "regenerate":
          await regenerateFeedToken(env, user, input.id);
          return { title: "New feed address", message: "The old address no longer works: use the new one." };
        case "emails": {
          await setAlertEmails(env, user, input.emails === "on");
          return input.emails === "on"
            ? { title: "Alert e-mails on", message: "At most one e-mail an hour lists your new matches." }
            : { title: "Alert e-mails off", message: "Your notifications and feeds go on." };
        }
        case "push-on": {
          const { intent: _, ...subscription } = input;
          await savePushSubscription(env, user, subscription);
          const t = serverWords(user.language, "worker");
          return { title: t("alerts.push.onTitle"), message: t("alerts.push.onMessage") };
        }
        case "push-off": {
          await deletePushSubscription(env, user, input.endpoint);
          const t = serverWords(user.language, "worker");
          return { title: t("alerts.push.offTitle"), message: t("alerts.push.offMessage") };
        }
      }
    },
  });

export const shouldRevalidate = revalidateAfterPost;

type SearchRow = Route.ComponentProps["loaderData"]["searches"][number];

const deleteSpec = (s: SearchRow): ActionSpec => ({
  intent: "delete",
  id: s.id,
  title: "Delete this saved search?",
  description: (
    <>
      No more alerts for <span className="font-semibold">{s.what}</span>, and its feed address stops working.
    </>
  ),
  confirmLabel: "Yes, delete it",
  destructive: true,
});

const regenerateSpec = (s: SearchRow): ActionSpec => ({
  intent: "regenerate",
  id: s.id,
  title: "Make a new feed address?",
  description: (
    <>
      The feed of <span className="font-semibold">{s.what}</span> gets a new private address; feed readers following the
      old one stop getting it.
    </>
  ),
  confirmLabel: "Make a new address",
});

export default function Alerts({ loaderData }: Route.ComponentProps) {
  const { searches, emailsOn, push } = loaderData;
  const flow = useActionFlow();
  const noJsSpec = useNoJsSpec(searches, { delete: deleteSpec, regenerate: regenerateSpec });
  return (
    <>
      <PageHeader
        title="Task Alerts"
        description="Saved searches tell you of new tasks: a notification each, an e-mail at most once an hour, and a private feed for your feed reader."
        actions={
          <Link to="/dashboard/tasklist" className={buttonVariants({ variant: "outline" })}>
            <Search aria-hidden /> Search tasks to save
          </Link>
        }
      />
      <AlertEmails on={emailsOn} />
      <PushToggle publicKey={push.publicKey} endpoints={push.endpoints} />
      {searches.length === 0 ? (
        <EmptyState message="No saved searches yet. Search the task list and press “Save this search”." />
      ) : (
        <ul aria-label="Saved searches" className="grid gap-4" data-testid="saved-searches">
          {searches.map((s) => (
            <li
              key={s.id}
              className="grid gap-3 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-5"
              data-testid="saved-search"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="break-words font-semibold">{s.what}</p>
                  <p className="text-xs text-muted-foreground">
                    Saved <LocalTime at={s.createdAt} /> ·{" "}
                    <Link to={s.listHref} className="font-medium text-brand-700 hover:underline">
                      Open on the task list
                    </Link>
                  </p>
                </div>
                <RowActions
                  flow={flow}
                  actions={[
                    {
                      spec: regenerateSpec(s),
                      text: "New feed address",
                      label: `New feed address for ${s.what}`,
                      icon: <KeyRound aria-hidden />,
                    },
                    {
                      spec: deleteSpec(s),
                      text: "Delete",
                      label: `Delete ${s.what}`,
                      icon: <Trash2 aria-hidden />,
                      variant: "danger",
                    },
                  ]}
                />
              </div>
              <div className="grid gap-1.5">
                <label htmlFor={`feed-${s.id}`} className="text-xs font-medium text-muted-foreground">
                  Private feed address (Atom): anyone with it can read this search's matches
                </label>
                <div className="flex gap-2">
                  <input
                    id={`feed-${s.id}`}
                    readOnly
                    value={s.feedUrl}
                    data-testid="feed-url"
                    className="h-9 min-w-0 flex-1 select-all rounded-md border border-border bg-muted/40 px-3 font-mono text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  />
                  <CopyButton text={s.feedUrl} label={`feed address of ${s.what}`} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}

/** The worker's alert e-mails, on or off: a plain form that works without JavaScript, a toast with it. */
function AlertEmails({ on }: { on: boolean }) {
  const fetcher = useOutcomeFetcher(toastOutcome);
  const busy = fetcher.state !== "idle";
  return (
    <Alert
      tone={on ? "info" : "warning"}
      title={on ? "Alert e-mails are on" : "Alert e-mails are off"}
      className="mb-6"
      data-testid="alert-emails"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>
          {on
            ? "New matches come by e-mail at most once an hour, each e-mail with a one-click unsubscribe."
            : "You get notifications and feeds only."}
        </span>
        <fetcher.Form method="post" action={PATH}>
          <EnhancedMarker />
          <input type="hidden" name="intent" value="emails" />
          <input type="hidden" name="emails" value={on ? "off" : "on"} />
          <Button type="submit" variant="outline" size="sm" disabled={busy}>
            {on ? <MailWarning aria-hidden /> : <Mail aria-hidden />} {on ? "Turn e-mails off" : "Turn e-mails on"}
          </Button>
        </fetcher.Form>
      </div>
    </Alert>
  );
}
