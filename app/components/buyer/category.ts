// A task category's words: the category itself is data (the English name, stored and sent as is), its label the
// page's language.
import type { Category } from "~/lib/categories";
import type { Key } from "~/lib/i18n/messages";

const CATEGORY_KEYS: Record<Category, Key<"buyer">> = {
  "Video Engagement": "category.videoEngagement",
  "Content Writing": "category.contentWriting",
  Translation: "category.translation",
  "Image Handling": "category.imageHandling",
  "App & Website Testing": "category.appTesting",
  "Creative Design": "category.creativeDesign",
  "Data Entry": "category.dataEntry",
  "SEO & Marketing": "category.seoMarketing",
  "Survey & Feedback": "category.surveyFeedback",
};

/** The key of a category's label; an unknown category (an old task's) has none. */
export const categoryKey = (category: Category): Key<"buyer"> => CATEGORY_KEYS[category];

/** A category's label, or the category as written when it is not one of today's. */
export function categoryLabel(t: (key: Key<"buyer">) => string, category: string): string {
  const key = CATEGORY_KEYS[category as Category] as Key<"buyer"> | undefined;
  return key ? t(key) : category;
}
