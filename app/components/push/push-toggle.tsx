// Push notifications on or off in this browser, one tap each (docs/product/task-alerts.md, decision 099): turning
// on asks the browser's own permission prompt, subscribes this browser's push service to the server's VAPID key and
// posts the subscription to the alerts page's action; turning off posts its end and unsubscribes. Whether this
// browser is on is what both say: its subscription, and the server's list of this person's browsers.
import { useEffect, useState } from "react";
import { Bell, CircleSlash } from "~/components/icons/more";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { toastOutcome, useOutcomeFetcher } from "~/components/actions/flow";
import { ENHANCED_FIELD } from "~/lib/enhanced";
import { applicationServerKey, SERVICE_WORKER_URL } from "~/lib/pwa";
import { useWords } from "~/lib/i18n/react";

type BrowserState =
  | { kind: "checking" }
  | { kind: "unsupported" }
  | { kind: "blocked" }
  /** the browser can push; `endpoint` is its subscription's, if it has one */
  | { kind: "ready"; registration: ServiceWorkerRegistration; endpoint: string | null };

const PATH = "/dashboard/alerts";

function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/**
 * Whether the site may notify: the Permissions API's answer where there is one (Notification.permission, its older
 * twin, says "denied" in some headless and embedded browsers that grant), else Notification.permission.
 */
async function notificationPermission(): Promise<PermissionState | NotificationPermission> {
  try {
    return (await navigator.permissions.query({ name: "notifications" })).state;
  } catch {
    return Notification.permission;
  }
}

/** This browser's state, read once after hydration (the server cannot know it). */
async function readBrowserState(): Promise<BrowserState> {
  if (!pushSupported()) return { kind: "unsupported" };
  if ((await notificationPermission()) === "denied") return { kind: "blocked" };
  try {
    // registering again is harmless (the same registration); app/entry.client.tsx registers it after load
    await navigator.serviceWorker.register(SERVICE_WORKER_URL);
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.getSubscription();
    return { kind: "ready", registration, endpoint: subscription?.endpoint ?? null };
  } catch {
    return { kind: "unsupported" };
  }
}

function useBrowserState(enabled: boolean) {
  const [state, setState] = useState<BrowserState>({ kind: "checking" });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void readBrowserState().then((read) => live && setState(read));
    return () => {
      live = false;
    };
  }, [enabled]);
  return [state, setState] as const;
}

/** A subscription to the server's key: the browser's own, or a new one (the permission prompt comes first). */
async function subscribe(registration: ServiceWorkerRegistration, publicKey: string) {
  const options = { userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) };
  try {
    return await registration.pushManager.subscribe(options);
  } catch (e) {
    // a subscription to another key (the server's key was replaced) must end before a new one is made
    const old = await registration.pushManager.getSubscription();
    if (!old) throw e;
    await old.unsubscribe();
    return registration.pushManager.subscribe(options);
  }
}

export function PushToggle({ publicKey, endpoints }: { publicKey: string | null; endpoints: string[] }) {
  const t = useWords("worker");
  const [state, setState] = useBrowserState(publicKey !== null);
  const [working, setWorking] = useState(false);
  const fetcher = useOutcomeFetcher(toastOutcome);
  const busy = working || fetcher.state !== "idle";
  const on = state.kind === "ready" && state.endpoint !== null && endpoints.includes(state.endpoint);

  function post(fields: Record<string, string>) {
    void fetcher.submit({ ...fields, [ENHANCED_FIELD]: "1" }, { method: "post", action: PATH });
  }

  async function turnOn() {
    if (state.kind !== "ready" || !publicKey) return;
    setWorking(true);
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        if ((await notificationPermission()) === "denied") setState({ kind: "blocked" });
        return toastOutcome({ ok: false, title: t("alerts.push.notTurnedOn"), message: t("alerts.push.notAllowed") });
      }
      const subscription = (await subscribe(state.registration, publicKey)).toJSON();
      setState({ ...state, endpoint: subscription.endpoint ?? null });
      post({
        intent: "push-on",
        endpoint: subscription.endpoint ?? "",
        p256dh: subscription.keys?.p256dh ?? "",
        auth: subscription.keys?.auth ?? "",
      });
    } catch {
      toastOutcome({ ok: false, title: t("alerts.push.notTurnedOn"), message: t("alerts.push.failed") });
    } finally {
      setWorking(false);
    }
  }

  async function turnOff() {
    if (state.kind !== "ready" || !state.endpoint) return;
    setWorking(true);
    try {
      // the server forgets it first: a browser that fails to unsubscribe still gets nothing more
      post({ intent: "push-off", endpoint: state.endpoint });
      await (await state.registration.pushManager.getSubscription())?.unsubscribe();
      setState({ ...state, endpoint: null });
    } finally {
      setWorking(false);
    }
  }

  const text = !publicKey
    ? t("alerts.push.unavailable")
    : state.kind === "checking"
      ? t("alerts.push.checking")
      : state.kind === "unsupported"
        ? t("alerts.push.unsupported")
        : state.kind === "blocked"
          ? t("alerts.push.blocked")
          : on
            ? t("alerts.push.on")
            : t("alerts.push.off");
  return (
    <Alert
      tone={on ? "success" : state.kind === "blocked" ? "warning" : "info"}
      title={t("alerts.push.title")}
      className="mb-6"
      data-testid="push-notifications"
      data-push={on ? "on" : state.kind === "ready" ? "off" : state.kind}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>{text}</span>
        {publicKey && state.kind === "ready" ? (
          <Button
            type="button"
            variant={on ? "outline" : "default"}
            size="sm"
            disabled={busy}
            onClick={on ? turnOff : turnOn}
          >
            {on ? <CircleSlash aria-hidden /> : <Bell aria-hidden />}{" "}
            {on ? t("alerts.push.turnOff") : t("alerts.push.turnOn")}
          </Button>
        ) : null}
      </div>
    </Alert>
  );
}
