// npm run pwa:icons: writes the app's icons in public/icons/ (public/manifest.webmanifest, decision 098) from the
// logo of public/favicon.svg, drawn by the test Chromium (scripts/lib/chromium.ts) and saved as PNGs:
// - icon-192/512: the logo as it is (rounded corners, transparent around them), for "any" purpose;
// - maskable-192/512: the coin mark on a full square of the brand colour, within the safe circle (80 % of the side)
//   that Android's launchers keep whatever shape they cut;
// - apple-touch-icon (180): the full square, which iOS rounds itself;
// - badge-96: the coin mark alone in white on transparent, the monochrome badge Android shows in the status bar.
// The PNGs are checked in; run this again after changing the logo.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { launchChromium } from "./lib/chromium.ts";
import { ROOT } from "./lib/wrangler.ts";

const OUT = path.join(ROOT, "public", "icons");
const LOGO = readFileSync(path.join(ROOT, "public", "favicon.svg"), "utf8");
const BRAND = "#0f766e";

/** The logo's mark (everything inside its rounded square), to draw on other grounds. */
const MARK = LOGO.replace(/^<svg[^>]*>/, "")
  .replace(/<\/svg>\s*$/, "")
  .replace(/<rect[^>]*\/>/, "");

/** The mark scaled about the centre: `scale` 1 is the logo's own size within its 32-unit square. */
const markAt = (scale: number, extra = "") =>
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)"${extra}>${MARK}</g>`;

const ICONS: { file: string; size: number; svg: string }[] = [
  { file: "icon-192.png", size: 192, svg: LOGO },
  { file: "icon-512.png", size: 512, svg: LOGO },
  // the mark's outer edge is 10 units from the centre (r 8.5 + half its 3-unit stroke): scaled by 1.15 it reaches
  // 11.5 of the 12.8 units (40 % of 32) the safe circle allows
  ...[192, 512].map((size) => ({
    file: `maskable-${size}.png`,
    size,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/>${markAt(1.15)}</svg>`,
  })),
  {
    file: "apple-touch-icon.png",
    size: 180,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/>${markAt(1.25)}</svg>`,
  },
  {
    file: "badge-96.png",
    size: 96,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${markAt(1.5).replace(/stroke="#[0-9a-f]+"/gi, 'stroke="#fff"')}</svg>`,
  },
];

const browser = await launchChromium();
try {
  mkdirSync(OUT, { recursive: true });
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const svg = icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`);
    writeFileSync(
      path.join(OUT, icon.file),
      await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } }),
    );
    console.log(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
