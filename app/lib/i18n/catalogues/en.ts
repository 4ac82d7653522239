// The English words of Coinwork: the source catalogue, in the product's own words (docs/product/messages.md). Each
// value is an ICU message (https://unicode-org.github.io/icu/userguide/format_parse/messages/): `{name}` for a value,
// `{count, plural, one {# coin} other {# coins}}` where the words change with a number, `<link>…</link>` around words
// a component wraps. bn.ts has the same keys (its type is this file's). Namespaces: `common` goes with every page;
// `public`, `auth`, `dashboard`, `worker`, `buyer`, `admin` and `validation` with the pages of their part of the
// site (app/lib/i18n/pages.ts); `errors`, `email`, `notifications` and `feed` are composed on the server only;
// `serviceWorker` (plain text, no values) is built into /sw.js in every language (scripts/lib/service-worker.ts).
export const en = {
  common: {
    brand: "Coinwork",
    loading: "Loading…",
    "language.label": "Language",
    "language.switchTo": "Read Coinwork in {language}",
    coins: "{count, plural, one {# coin} other {# coins}}",
    "money.withTaka": "{dollars} (≈ {taka})",
    // ── common words added with the public pages, sign-in and the UI kit (a)
    // keys of (a) below
    // ── common words added with the worker's pages (b)
    // keys of (b) below
    // ── common words added with the buyer's pages (c)
    // keys of (c) below
    // ── common words added with the admin's pages and the dashboard (d)
    // keys of (d) below
    // ── common words added with what the server writes (e)
    // keys of (e) below
  },
  public: {
    // the public pages, the header and footer (a)
  },
  auth: {
    // sign-in, registration, e-mailed links (a)
  },
  dashboard: {
    // every signed-in page's frame and the shared dashboard pages (d)
    "settings.language.title": "Language",
    "settings.language.hint": "Pages, e-mails and notifications come in the language you choose.",
    "settings.language.save": "Save language",
  },
  worker: {
    // the worker's pages (b)
    // ── Task Alerts' push notifications (app/components/push/push-toggle.tsx, decision 099)
    "alerts.push.title": "Push notifications",
    "alerts.push.on":
      "On in this browser: new tasks for your saved searches (at most one push an hour for each), revision requests, review outcomes and messages reach this device as they happen.",
    "alerts.push.off":
      "Get new tasks for your saved searches, revision requests, review outcomes and messages on this device as they happen, even with Coinwork closed.",
    "alerts.push.turnOn": "Turn on push notifications",
    "alerts.push.turnOff": "Turn off push notifications",
    "alerts.push.checking": "Checking this browser…",
    "alerts.push.unsupported":
      "This browser cannot receive push notifications. On a phone, open Coinwork in Chrome or add it to the home screen.",
    "alerts.push.unavailable": "Push notifications are not set up on this server.",
    "alerts.push.blocked":
      "Notifications are blocked for Coinwork in this browser. Allow them in the site's settings, then come back.",
    "alerts.push.notTurnedOn": "Push notifications not turned on",
    "alerts.push.notAllowed": "The browser did not allow notifications.",
    "alerts.push.failed": "This browser's push service did not answer. Try again.",
    "alerts.push.onTitle": "Push notifications on",
    "alerts.push.onMessage": "Your alerts and news now reach this device as they happen.",
    "alerts.push.offTitle": "Push notifications off",
    "alerts.push.offMessage": "This device gets no more push notifications.",
  },
  buyer: {
    // the buyer's pages (c)
  },
  admin: {
    // the admin's pages (d)
  },
  validation: {
    // the forms' messages (e)
  },
  errors: {
    // the services' refusals as pages show them (e)
  },
  email: {
    // e-mails (e)
  },
  notifications: {
    // notifications (e)
    // ── the titles of push notifications, above the notification's own words (decision 099)
    "push.taskAlert": "New task for your alerts",
    "push.revisionRequested": "Revision requested",
    "push.approved": "Submission approved",
    "push.rejected": "Submission rejected",
    "push.message": "New message",
  },
  feed: {
    // the task alerts' Atom feed (e)
  },
  serviceWorker: {
    // what the service worker shows itself (app/service-worker/, decision 098): built into /sw.js in both languages
    "offline.title": "You're offline",
    "offline.text": "Coinwork can't reach the internet right now. Check your connection, then try again.",
    "offline.tryAgain": "Try again",
    "push.title": "Coinwork",
  },
};

/** The shape every catalogue has: the same namespaces and keys as English. */
export type Catalogue = { [N in keyof typeof en]: { [K in keyof (typeof en)[N]]: string } };
