// The Bengali (bn-BD) words of Coinwork: a faithful translation of en.ts, key for key (tsc refuses a missing or
// misspelt key). Brand and method names stay as they are written (Coinwork, Bkash, Nagad, Rocket, Stripe).
import type { Catalogue } from "./en";

export const bn: Catalogue = {
  common: {
    brand: "Coinwork",
    loading: "লোড হচ্ছে…",
    "language.label": "ভাষা",
    "language.switchTo": "Coinwork {language}-এ পড়ুন",
    coins: "{count, plural, one {# কয়েন} other {# কয়েন}}",
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
    "settings.language.title": "ভাষা",
    "settings.language.hint": "আপনি যে ভাষা বেছে নেবেন, পেজ, ই-মেইল ও নোটিফিকেশন সেই ভাষায় আসবে।",
    "settings.language.save": "ভাষা সংরক্ষণ করুন",
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
