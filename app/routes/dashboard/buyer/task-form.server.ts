// Shared by the Add Task, Update Task and Post Tasks from a CSV actions (not a route).
import type { FormPlan } from "~/server/http/page-action.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { serverWords } from "~/lib/i18n/words.server";
import type { Language } from "~/lib/i18n/languages";

/**
 * The task image's upload, in the product's words (docs/product/messages.md): a refused file (type, size) is
 * 'Upload Failed', anything unexpected 'Upload Error'; the reason shows under the picker.
 */
export function taskImage(language: Language): NonNullable<FormPlan<never, unknown>["upload"]> {
  const t = serverWords(language, "buyer");
  const failed = { title: t("upload.failed.title"), message: t("upload.failed.message") };
  const error = { title: t("upload.error.title"), message: t("upload.error.message") };
  return { failure: (refused) => (refused.code === "internal" ? error : failed), unexpected: error.message };
}

/** Coins in a language's words ("50 coins", "৫০ কয়েন"). */
const coinsIn = (language: Language, n: number) => serverWords(language, "common")("coins", { count: n });

/**
 * A posting over the balance, one task or a file's: off to Purchase Coin, where the flash says so (thrown, so an
 * uploaded image is removed), in the same words for both. As a whole new document, as every flash to a page with its
 * own policy (flash.server.ts).
 */
export function overBalance(language: Language, tasks: number, cost: number, balance: number) {
  const t = serverWords(language, "buyer");
  return redirectWithFlash("/dashboard/purchasecoin", {
    type: "error",
    title: t("posting.notAvailable"),
    message: t("posting.short", {
      tasks,
      cost: coinsIn(language, cost),
      balance: coinsIn(language, balance),
      missing: coinsIn(language, cost - balance),
    }),
  });
}

/** A posting made: "Task Posted!", "“Title” is live: 50 coins are held in escrow." (or "3 tasks are live: …"). */
export function postedWords(language: Language, p: { tasks: number; title?: string; coins: number }) {
  const t = serverWords(language, "buyer");
  return {
    title: p.tasks === 1 ? t("posting.posted.one") : t("posting.posted.many"),
    message:
      p.tasks === 1 && p.title
        ? t("posting.liveOne", { title: p.title, coins: p.coins })
        : t("posting.liveMany", { tasks: p.tasks, coins: p.coins }),
  };
}
