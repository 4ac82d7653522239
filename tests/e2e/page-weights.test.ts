// Light on a mobile connection (issue 43, item 7): every signed-in page weighs at most 60 KB of HTML on the demo
// database, and in Bengali at most 10 % more than in English. Each role's dashboard pages that need no id (from
// app/routes.ts), and one page with an id of the demo data per role, are fetched as requests (no page loads) by the
// demo account, once in English and once in Bengali, as the language switch sets it (the account's language wins over
// the cookie); the account is put back to English after. A page's weight is the bytes of its HTML document as served,
// asked for with `Accept-Encoding: identity` (no compression). The figures are printed as a table
// (docs/performance.md, "Page weights in English and Bengali").
import { afterAll, describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { BrowserContext } from "playwright-core";
import routes from "../../app/routes.ts";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { DEMO, ROOT, browser, db, isoDay, setUpBrowser, signedInContext, sqlText, type DemoRole } from "./browser";

setUpBrowser();

/** 60 KB, 1 KB = 1,024 bytes (as docs/performance.md counts the Task List's 60 KB). */
const MOST_BYTES = 60 * 1024;
/** Bengali may weigh this much of English's weight at most. */
const MOST_RATIO = 1.1;

const ROLE_FOLDER = /^routes\/dashboard\/(worker|buyer|admin)\//;

/** Every /dashboard page route that needs no id, with the roles that may open it (their layout's, else all three). */
function dashboardPages(entries: RouteConfigEntry[], parent = ""): { path: string; roles: DemoRole[] }[] {
  return entries.flatMap((e) => {
    const own = e.index ? parent : e.path === undefined ? parent : `${parent.replace(/\/$/, "")}/${e.path}`;
    const full = own.startsWith("/") ? own : `/${own}`;
    const screen =
      !e.children?.length &&
      e.file.endsWith(".tsx") &&
      /export default function/.test(readFileSync(path.join(ROOT, "app", e.file), "utf8"));
    const folder = ROLE_FOLDER.exec(e.file)?.[1] as DemoRole | undefined;
    const here =
      screen && full.startsWith("/dashboard") && !full.includes(":")
        ? [{ path: full, roles: folder ? [folder] : (["worker", "buyer", "admin"] as DemoRole[]) }]
        : [];
    return [...here, ...dashboardPages(e.children ?? [], own)];
  });
}

/** Pages of every role that one role is sent away from: the admins' Messages are the contact form's, not an inbox. */
const NOT_FOR: Record<string, DemoRole[]> = { "/dashboard/inbox": ["admin"] };

/** One page with an id of the demo data per role (the admins have none of their own). */
const WITH_AN_ID: Record<DemoRole, (() => string)[]> = {
  worker: [
    () =>
      `/dashboard/tasklist/${
        db<{ id: string }>(
          `SELECT id FROM tasks WHERE deleted_at IS NULL AND required_workers > 0 AND completion_date >= '${isoDay()}'
            ORDER BY created_at LIMIT 1`,
        )[0]!.id
      }`,
  ],
  buyer: [
    () =>
      `/dashboard/updatetask/${
        db<{ id: string }>(
          `SELECT t.id FROM tasks t JOIN users u ON u.id = t.buyer_id WHERE u.email = ${sqlText(DEMO.buyer.email)}
            AND t.deleted_at IS NULL AND t.completion_date >= '${isoDay()}' ORDER BY t.created_at LIMIT 1`,
        )[0]!.id
      }`,
  ],
  admin: [],
};

/** The person of `context` reads Coinwork in `language` from now on (the switch's POST, as a click sends it). */
async function readIn(context: BrowserContext, language: "bn" | "en") {
  const res = await context.request.post("/language", { form: { language, back: "/" }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
}

/**
 * The bytes of a page's HTML as served, uncompressed (and, for the table only, gzipped at level 6 as a mobile connection
 * would receive it): a page written in `language` that answers 200 itself.
 */
async function weigh(context: BrowserContext, url: string, language: "bn" | "en"): Promise<Bytes> {
  const res = await context.request.get(url, { headers: { "Accept-Encoding": "identity" }, maxRedirects: 0 });
  expect(res.status(), url).toBe(200);
  expect(res.headers()["content-type"], url).toMatch(/^text\/html/);
  const html = await res.body();
  expect(html.toString("utf8"), url).toContain(`<html lang="${language}"`);
  return { raw: html.byteLength, gzip: gzipSync(html, { level: 6 }).byteLength };
}

interface Bytes {
  raw: number;
  gzip: number;
}
interface Weight {
  role: DemoRole;
  page: string;
  en: Bytes;
  bn: Bytes;
}
const weights: Weight[] = [];
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

afterAll(() => {
  if (!weights.length) return;
  const rows = weights.map((w) => [
    w.role,
    w.page,
    kb(w.en.raw),
    kb(w.bn.raw),
    (w.bn.raw / w.en.raw).toFixed(3),
    kb(w.en.gzip),
    kb(w.bn.gzip),
    (w.bn.gzip / w.en.gzip).toFixed(3),
  ]);
  const head = ["role", "page", "en KB", "bn KB", "bn/en", "en gzip", "bn gzip", "bn/en gzip"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)));
  console.log([head, ...rows].map((r) => line(r).join("  ")).join("\n"));
});

const PAGES = dashboardPages(routes);

describe("page weights in English and Bengali", () => {
  for (const role of ["worker", "buyer", "admin"] as const) {
    it(`the ${role}'s pages: at most 60 KB each, Bengali at most 10 % over English`, async () => {
      const pages = PAGES.filter((p) => p.roles.includes(role) && !NOT_FOR[p.path]?.includes(role)).map((p) => p.path);
      const context = await signedInContext(browser, role);
      const urls = [...pages, ...WITH_AN_ID[role].map((url) => url())];
      const mine: Weight[] = [];
      try {
        await readIn(context, "en");
        for (const page of urls)
          mine.push({ role, page, en: await weigh(context, page, "en"), bn: { raw: 0, gzip: 0 } });
        await readIn(context, "bn");
        for (const w of mine) w.bn = await weigh(context, w.page, "bn");
      } finally {
        await readIn(context, "en");
        await context.close();
      }
      weights.push(...mine);
      // every page weighed first, then each limit (soft: every page over one is named)
      for (const w of mine) {
        expect.soft(w.en.raw, `${w.page} in English`).toBeLessThanOrEqual(MOST_BYTES);
        expect.soft(w.bn.raw, `${w.page} in Bengali`).toBeLessThanOrEqual(MOST_BYTES);
        expect.soft(w.bn.raw / w.en.raw, `${w.page}: Bengali over English`).toBeLessThanOrEqual(MOST_RATIO);
      }
    });
  }
});
