import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/alerts";
import { Mail } from "~/components/icons";
import { KeyRound, MailWarning, Search, Trash2 } from "~/components/icons/more";
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
import { metaWords, useFormat, useWords, type Words } from "~/lib/i18n/react";
import { useHourlyWords } from "~/components/pay-rate";
import { categoryWords, useCategoryName } from "~/components/category-name";
import { searchWords, type SearchCriteria } from "~/components/worker/search-words";
import { actionWords } from "./words.server";
import { PushToggle } from "~/components/push/push-toggle";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "worker")("alerts.meta") }];

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
      criteria: {
        words: s.words,
        category: s.category,
        minCentsPerHour: s.minCentsPerHour,
        minApproval: s.minApproval,
      },
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
export function action(args: Route.ActionArgs) {
  const { t, common, f } = actionWords(args);
  const said = (s: SearchCriteria) =>
    searchWords(t, (cents) => common("payRate.hourly", { dollars: f.dollars(cents) }), f, {
      ...s,
      category: s.category && categoryWords(common, s.category),
    });
  return confirmAction(args, {
    user: workerUser,
    schema: alertsPageAction,
    failure: (intent) => ({
      title:
        intent === "save"
          ? t("alerts.searchNotSaved")
          : intent === "delete"
            ? t("alerts.notDeleted")
            : intent === "regenerate"
              ? t("alerts.feedNotChanged")
              : intent === "push-on"
                ? t("alerts.push.notTurnedOn")
                : t("alerts.notChanged"),
    }),
    async run(input, { user, env }) {
      switch (input.intent) {
        case "save": {
          const { intent: _, ...criteria } = input;
          const search = await saveSearch(env, user, criteria);
          return { title: t("alerts.saved"), message: t("alerts.savedMessage", { what: said(search) }), to: PATH };
        }
        case "delete": {
          const gone = await deleteSavedSearch(env, user, input.id);
          return { title: t("alerts.deleted"), message: t("alerts.deletedMessage", { what: said(gone) }) };
        }
        case "regenerate":
          await regenerateFeedToken(env, user, input.id);
          return { title: t("alerts.newFeed"), message: t("alerts.newFeedMessage") };
        case "emails": {
          await setAlertEmails(env, user, input.emails === "on");
          return input.emails === "on"
            ? { title: t("alerts.emailsOnTitle"), message: t("alerts.emailsOnMessage") }
            : { title: t("alerts.emailsOffTitle"), message: t("alerts.emailsOffMessage") };
        }
        case "push-on": {
          const { intent: _, ...subscription } = input;
          await savePushSubscription(env, user, subscription);
          return { title: t("alerts.push.onTitle"), message: t("alerts.push.onMessage") };
        }
        case "push-off": {
          await deletePushSubscription(env, user, input.endpoint);
          return { title: t("alerts.push.offTitle"), message: t("alerts.push.offMessage") };
        }
      }
    },
  });
}

export const shouldRevalidate = revalidateAfterPost;

type SearchRow = Route.ComponentProps["loaderData"]["searches"][number] & { what: string };

/** The search named in bold (a message's <strong> chunks). */
const strong = (chunks: ReactNode) => <span className="font-semibold">{chunks}</span>;

const deleteSpec = (t: Words<"worker">, s: SearchRow): ActionSpec => ({
  intent: "delete",
  id: s.id,
  title: t("alerts.deleteTitle"),
  description: t.rich("alerts.deleteDescription", { what: s.what, strong }),
  confirmLabel: t("alerts.deleteConfirm"),
  destructive: true,
});

const regenerateSpec = (t: Words<"worker">, s: SearchRow): ActionSpec => ({
  intent: "regenerate",
  id: s.id,
  title: t("alerts.regenerateTitle"),
  description: t.rich("alerts.regenerateDescription", { what: s.what, strong }),
  confirmLabel: t("alerts.regenerateConfirm"),
});

export default function Alerts({ loaderData }: Route.ComponentProps) {
  const { emailsOn, push } = loaderData;
  const t = useWords("worker");
  const f = useFormat();
  const hourly = useHourlyWords();
  const categoryName = useCategoryName();
  const searches: SearchRow[] = loaderData.searches.map((s) => ({
    ...s,
    what: searchWords(t, hourly, f, {
      ...s.criteria,
      category: s.criteria.category && categoryName(s.criteria.category),
    }),
  }));
  const flow = useActionFlow();
  const noJsSpec = useNoJsSpec(searches, {
    delete: (s) => deleteSpec(t, s),
    regenerate: (s) => regenerateSpec(t, s),
  });
  return (
    <>
      <PageHeader
        title={t("alerts.title")}
        description={t("alerts.description")}
        actions={
          <Link to="/dashboard/tasklist" className={buttonVariants({ variant: "outline" })}>
            <Search aria-hidden /> {t("alerts.searchToSave")}
          </Link>
        }
      />
      <AlertEmails on={emailsOn} />
      <PushToggle publicKey={push.publicKey} endpoints={push.endpoints} />
      {searches.length === 0 ? (
        <EmptyState message={t("alerts.empty")} />
      ) : (
        <ul aria-label={t("alerts.listLabel")} className="grid gap-4" data-testid="saved-searches">
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
                    {t.rich("alerts.savedAt", {
                      time: () => <LocalTime at={s.createdAt} />,
                      link: (chunks) => (
                        <Link to={s.listHref} className="font-medium text-brand-700 hover:underline">
                          {chunks}
                        </Link>
                      ),
                    })}
                  </p>
                </div>
                <RowActions
                  flow={flow}
                  actions={[
                    {
                      spec: regenerateSpec(t, s),
                      text: t("alerts.newFeed"),
                      label: t("alerts.newFeedFor", { what: s.what }),
                      icon: <KeyRound aria-hidden />,
                    },
                    {
                      spec: deleteSpec(t, s),
                      text: t("alerts.delete"),
                      label: t("alerts.deleteFor", { what: s.what }),
                      icon: <Trash2 aria-hidden />,
                      variant: "danger",
                    },
                  ]}
                />
              </div>
              <div className="grid gap-1.5">
                <label htmlFor={`feed-${s.id}`} className="text-xs font-medium text-muted-foreground">
                  {t("alerts.feedLabel")}
                </label>
                <div className="flex gap-2">
                  <input
                    id={`feed-${s.id}`}
                    readOnly
                    value={s.feedUrl}
                    data-testid="feed-url"
                    className="h-9 min-w-0 flex-1 select-all rounded-md border border-border bg-muted/40 px-3 font-mono text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  />
                  <CopyButton text={s.feedUrl} label={t("alerts.copyLabel", { what: s.what })} />
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
  const t = useWords("worker");
  return (
    <Alert
      tone={on ? "info" : "warning"}
      title={on ? t("alerts.emailsAreOn") : t("alerts.emailsAreOff")}
      className="mb-6"
      data-testid="alert-emails"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>{on ? t("alerts.emailsOnBody") : t("alerts.emailsOffBody")}</span>
        <fetcher.Form method="post" action={PATH}>
          <EnhancedMarker />
          <input type="hidden" name="intent" value="emails" />
          <input type="hidden" name="emails" value={on ? "off" : "on"} />
          <Button type="submit" variant="outline" size="sm" disabled={busy}>
            {on ? <MailWarning aria-hidden /> : <Mail aria-hidden />} {on ? t("alerts.turnOff") : t("alerts.turnOn")}
          </Button>
        </fetcher.Form>
      </div>
    </Alert>
  );
}
