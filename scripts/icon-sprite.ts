// npm run icons: writes app/components/icons/sprite.svg, one <symbol> per icon app/components/icons/index.tsx and
// more.tsx name, from lucide-react's own shapes, and Coinwork's coin. Run it after adding an icon there;
// tests/unit/icon-sprite.test.ts fails while the sprite and the lists disagree.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./lib/wrangler.ts";

const ICONS = path.join(ROOT, "app", "components", "icons");
type IconNode = [string, Record<string, string>][];

/** The lucide file names index.tsx and more.tsx draw, in order. */
export function iconNames(): string[] {
  const source = ["index.tsx", "more.tsx"].map((file) => readFileSync(path.join(ICONS, file), "utf8")).join("\n");
  return [...new Set([...source.matchAll(/spriteIcon\("([a-z0-9-]+)"\)/g)].map((m) => m[1]))].sort();
}

const attrs = (a: Record<string, string>) =>
  Object.entries(a)
    .filter(([k]) => k !== "key")
    .map(([k, v]) => ` ${k}="${v}"`)
    .join("");

/** Coinwork's own coin (CoinIcon), in its colours: every shape sets its fill and stroke. */
const COIN =
  '<symbol id="coin" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="#f5b301"/>' +
  '<circle cx="12" cy="12" r="7.2" fill="#ffd54a" stroke="#d99a00" stroke-width="1"/>' +
  '<path d="M12 7.5v9M9.6 9.6c.4-1 1.3-1.5 2.4-1.5 1.4 0 2.4.8 2.4 1.8s-1 1.6-2.4 1.9-2.5.9-2.5 2 1.1 1.9 2.5 1.9c1.2 0 2.1-.5 2.5-1.5" fill="none" stroke="#8a5a00" stroke-width="1.4" stroke-linecap="round"/></symbol>';

/** The sprite's text: a symbol per icon, its paths as lucide draws them; stroke and fill come from the .icon class. */
export async function spriteText(): Promise<string> {
  const symbols = [COIN];
  for (const name of iconNames()) {
    const file = path.join(ROOT, "node_modules", "lucide-react", "dist", "esm", "icons", `${name}.mjs`);
    const { __iconData } = (await import(pathToFileURL(file).href)) as { __iconData: { node: IconNode } };
    const shapes = __iconData.node.map(([tag, a]) => `<${tag}${attrs(a)}/>`).join("");
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  writeFileSync(path.join(ICONS, "sprite.svg"), await spriteText());
  console.log(`wrote app/components/icons/sprite.svg (${iconNames().length} icons)`);
}
