// A user's own settings: how many rows a page of My Submissions shows (Settings, and GET/PATCH the preference), and
// the language they read Coinwork in (the header's switch and Settings).
import { eq } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { userPreferences, users } from "../db/schema";
import type { Language } from "~/lib/i18n/languages";
import { AppError } from "../errors";
import { DEFAULT_ITEMS_PER_PAGE, ITEMS_PER_PAGE_OPTIONS } from "~/lib/coins";

export async function getItemsPerPage(env: Env, userId: string): Promise<number> {
  const row = await getDb(env).select().from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
  return row[0]?.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE;
}

export async function setItemsPerPage(env: Env, userId: string, itemsPerPage: number) {
  if (!(ITEMS_PER_PAGE_OPTIONS as readonly number[]).includes(itemsPerPage)) {
    throw new AppError("validation_failed", "Items per page must be 3, 5 or 10", {
      itemsPerPage: ["Items per page must be 3, 5 or 10"],
    });
  }
  await getDb(env)
    .insert(userPreferences)
    .values({ userId, itemsPerPage })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { itemsPerPage } });
  return { itemsPerPage };
}

/** The language of the person's pages, e-mails and notifications from now on. */
export async function setLanguage(env: Env, userId: string, language: Language) {
  await getDb(env).update(users).set({ language }).where(eq(users.id, userId));
  return { language };
}
