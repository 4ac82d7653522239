// The English words of Coinwork: the source catalogue, in the product's own words (docs/product/messages.md). Each
// value is an ICU message (https://unicode-org.github.io/icu/userguide/format_parse/messages/): `{name}` for a value,
// `{count, plural, one {# coin} other {# coins}}` where the words change with a number, `<link>…</link>` around words
// a component wraps. bn.ts has the same keys (its type is this file's). Namespaces: `common` goes with every page;
// `public`, `auth`, `dashboard`, `worker`, `buyer`, `admin` and `validation` with the pages of their part of the
// site (app/lib/i18n/pages.ts); `errors`, `email`, `notifications` and `feed` are composed on the server only.
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
  },
  feed: {
    // the task alerts' Atom feed (e)
  },
};

/** The shape every catalogue has: the same namespaces and keys as English. */
export type Catalogue = { [N in keyof typeof en]: { [K in keyof (typeof en)[N]]: string } };
