// A task category's name in the page's language ("Data Entry", "ডেটা এন্ট্রি"): categories are stored and searched by
// their English names (app/lib/categories.ts); only what a person reads changes. The names are the `common`
// catalogue's `category.<slug>` words (added with the public pages, which name categories too).
import { categorySlug } from "~/lib/categories";
import type { Key } from "~/lib/i18n/messages";
import { useWords } from "~/lib/i18n/react";

/** A category's name in `common`'s words (a component's `useWords("common")`, or the server's). */
export function categoryWords(common: (key: Key<"common">) => string, category: string): string {
  const key = `category.${categorySlug(category)}` as Key<"common">;
  const name = common(key);
  // a category the catalogue does not name is written as it is stored
  return name === `common.${key}` ? category : name;
}

export function useCategoryName(): (category: string) => string {
  const t = useWords("common");
  return (category) => categoryWords(t, category);
}
