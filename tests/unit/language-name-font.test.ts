// The face that draws "বাংলা" on English pages holds exactly the letters of LANGUAGE_NAMES.bn: cut again here and
// compared, so a changed name (or a Noto Sans Bengali upgrade) without `npm run fonts` fails.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGE_NAME_FONT, languageNameFont } from "../../scripts/language-name-font.ts";

describe("the Bengali language name's face", () => {
  it("is what scripts/language-name-font.ts cuts, and a few KB against the whole face's 108", async () => {
    const committed = readFileSync(LANGUAGE_NAME_FONT);
    expect(Buffer.compare(committed, await languageNameFont())).toBe(0);
    expect(committed.length).toBeLessThan(4_000);
  });
});
