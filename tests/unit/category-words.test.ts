// Every task category has its name in both catalogues (the database keeps the English names; pages show them
// through categoryWordsKey), in English exactly as the database writes it.
import { describe, expect, it } from "vitest";
import { CATEGORIES, categoryWordsKey } from "~/lib/categories";
import { serverWords } from "~/lib/i18n/words.server";

describe("the categories' names", () => {
  it("are in English as the database keeps them, and in Bengali", () => {
    const en = serverWords("en", "common");
    const bn = serverWords("bn", "common");
    expect(CATEGORIES.map((c) => en(categoryWordsKey(c)))).toEqual([...CATEGORIES]);
    for (const c of CATEGORIES) expect(bn(categoryWordsKey(c)), c).toMatch(/^[\u0980-\u09ff][\u0980-\u09ff\s&]*$/);
  });
});
