import type { Key } from "./i18n/messages";

export const CATEGORIES = [
  "Video Engagement",
  "Content Writing",
  "Translation",
  "Image Handling",
  "App & Website Testing",
  "Creative Design",
  "Data Entry",
  "SEO & Marketing",
  "Survey & Feedback",
] as const;
export type Category = (typeof CATEGORIES)[number];

/** "App & Website Testing" -> "app-website-testing": the file name of a category's illustration. */
export function categorySlug(category: string): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * "App & Website Testing" -> "category.app-website-testing": the key of a category's name in the common words
 * (`useWords("common")(categoryWordsKey(category))`); the database holds the English names (CATEGORIES).
 */
export const categoryWordsKey = (category: string) => `category.${categorySlug(category)}` as Key<"common">;

/** "App & Website Testing" -> "/images/categories/app-website-testing.webp": the category's illustration. */
export function categoryImage(category: string): string {
  return `/images/categories/${categorySlug(category)}.webp`;
}
