// npm run fonts: writes app/fonts/bengali-language-name.woff2, the letters of the Bengali language's own name (the
// language switch and Settings show "বাংলা" on English pages) cut from Noto Sans Bengali, weights kept. An English
// page then draws that one word from a 2 KB face instead of downloading the whole Bengali face (108 KB) for it.
// tests/unit/language-name-font.test.ts fails while the file and this script's output disagree.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import subsetFont from "subset-font";
import { LANGUAGE_NAMES } from "../app/lib/i18n/languages.ts";
import { ROOT } from "./lib/wrangler.ts";

export const LANGUAGE_NAME_FONT = path.join(ROOT, "app", "fonts", "bengali-language-name.woff2");
const BENGALI_FACE = path.join(
  ROOT,
  "node_modules",
  "@fontsource-variable",
  "noto-sans-bengali",
  "files",
  "noto-sans-bengali-bengali-wght-normal.woff2",
);

/** The face's bytes: the glyphs of LANGUAGE_NAMES.bn and what shaping them needs (hb-subset keeps their layout). */
export function languageNameFont(): Promise<Buffer> {
  return subsetFont(readFileSync(BENGALI_FACE), LANGUAGE_NAMES.bn, { targetFormat: "woff2" });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const font = await languageNameFont();
  writeFileSync(LANGUAGE_NAME_FONT, font);
  console.log(`wrote app/fonts/bengali-language-name.woff2 (${font.length} bytes)`);
}
