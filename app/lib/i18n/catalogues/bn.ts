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
    // ── Task Alerts' push notifications (app/components/push/push-toggle.tsx, decision 099)
    "alerts.push.title": "পুশ নোটিফিকেশন",
    "alerts.push.on":
      "এই ব্রাউজারে চালু: আপনার সংরক্ষিত সার্চের নতুন কাজ (প্রতিটির জন্য ঘণ্টায় সর্বোচ্চ একটি পুশ), সংশোধনের অনুরোধ, রিভিউয়ের ফলাফল ও বার্তা ঘটার সঙ্গে সঙ্গে এই ডিভাইসে পৌঁছায়।",
    "alerts.push.off":
      "আপনার সংরক্ষিত সার্চের নতুন কাজ, সংশোধনের অনুরোধ, রিভিউয়ের ফলাফল ও বার্তা ঘটার সঙ্গে সঙ্গে এই ডিভাইসে পান, Coinwork বন্ধ থাকলেও।",
    "alerts.push.turnOn": "পুশ নোটিফিকেশন চালু করুন",
    "alerts.push.turnOff": "পুশ নোটিফিকেশন বন্ধ করুন",
    "alerts.push.checking": "এই ব্রাউজার যাচাই করা হচ্ছে…",
    "alerts.push.unsupported":
      "এই ব্রাউজারে পুশ নোটিফিকেশন আসতে পারে না। ফোনে Coinwork ক্রোম ব্রাউজারে খুলুন অথবা হোম স্ক্রিনে যোগ করুন।",
    "alerts.push.unavailable": "এই সার্ভারে পুশ নোটিফিকেশন চালু করা নেই।",
    "alerts.push.blocked":
      "এই ব্রাউজারে Coinwork-এর নোটিফিকেশন বন্ধ করা আছে। সাইটের সেটিংসে সেগুলো অনুমতি দিন, তারপর ফিরে আসুন।",
    "alerts.push.notTurnedOn": "পুশ নোটিফিকেশন চালু হয়নি",
    "alerts.push.notAllowed": "ব্রাউজার নোটিফিকেশনের অনুমতি দেয়নি।",
    "alerts.push.failed": "এই ব্রাউজারের পুশ সার্ভিস সাড়া দেয়নি। আবার চেষ্টা করুন।",
    "alerts.push.onTitle": "পুশ নোটিফিকেশন চালু",
    "alerts.push.onMessage": "আপনার অ্যালার্ট ও খবর এখন ঘটার সঙ্গে সঙ্গে এই ডিভাইসে পৌঁছাবে।",
    "alerts.push.offTitle": "পুশ নোটিফিকেশন বন্ধ",
    "alerts.push.offMessage": "এই ডিভাইসে আর কোনো পুশ নোটিফিকেশন আসবে না।",
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
    "push.taskAlert": "আপনার অ্যালার্টের নতুন কাজ",
    "push.revisionRequested": "সংশোধনের অনুরোধ",
    "push.approved": "জমা অনুমোদিত হয়েছে",
    "push.rejected": "জমা প্রত্যাখ্যাত হয়েছে",
    "push.message": "নতুন বার্তা",
  },
  feed: {
    // the task alerts' Atom feed (e)
  },
  serviceWorker: {
    // what the service worker shows itself (app/service-worker/, decision 098): built into /sw.js in both languages
    "offline.title": "আপনি অফলাইনে আছেন",
    "offline.text": "Coinwork এই মুহূর্তে ইন্টারনেটে পৌঁছাতে পারছে না। সংযোগ দেখে নিয়ে আবার চেষ্টা করুন।",
    "offline.tryAgain": "আবার চেষ্টা করুন",
    "push.title": "Coinwork",
  },
};
