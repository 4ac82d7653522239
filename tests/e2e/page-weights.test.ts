// The weight of every signed-in page in English and in Bengali on the demo database (issue 43, item 7): each page's
// HTML as the demo account's browser receives it, in its language and then in the other. Bengali may weigh at most
// 10 % more than English (its letters take three bytes, and a page carries the words of its own sections only:
// app/lib/i18n/page-words.ts), and no page more than 60 KB. The figures go to test-results/page-weights.md.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { BrowserContext } from "playwright-core";
import { ROOT, browser, setUpBrowser, signedInContext, step, story } from "./browser";

setUpBrowser();

const PAGES = {
  worker: ["workerhome", "tasklist", "mysubmissions", "withdraw", "alerts", "tests", "inbox", "notifications", "settings"],
  buyer: [
    "buyerhome",
    "addtask",
    "batchtasks",
    "mytasks",
    "purchasecoin",
    "paymenthistory",
    "bonuses",
    "apikeys",
    "qualifications",
  ],
  admin: ["adminhome", "managetasks", "manageusers", "messages", "appeals", "auditlog", "ledger"],
} as const;

const KB = 1024;
const LIMIT = 60 * KB;

async function switchTo(context: BrowserContext, language: "en" | "bn") {
  const res = await context.request.post("/language", { form: { language, back: "/" }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
}

async function weigh(context: BrowserContext, page: string): Promise<number> {
  const res = await context.request.get(`/dashboard/${page}`, { maxRedirects: 0 });
  expect(res.status(), page).toBe(200);
  return (await res.body()).length;
}

story("every signed-in page, in English and in Bengali", () => {
  const rows: string[] = [];
  for (const [role, pages] of Object.entries(PAGES) as [keyof typeof PAGES, readonly string[]][]) {
    step(`the ${role}'s pages weigh at most 60 KB, and 10 % more in Bengali at the most`, async () => {
      const context = await signedInContext(browser, role);
      const english: number[] = [];
      for (const p of pages) english.push(await weigh(context, p));
      await switchTo(context, "bn");
      try {
        for (const [i, p] of pages.entries()) {
          const bengali = await weigh(context, p);
          rows.push(
            `| /dashboard/${p} | ${role} | ${(english[i]! / KB).toFixed(1)} | ${(bengali / KB).toFixed(1)} | ${((bengali / english[i]! - 1) * 100).toFixed(1)} % |`,
          );
          expect(english[i], `/dashboard/${p} in English`).toBeLessThanOrEqual(LIMIT);
          expect(bengali, `/dashboard/${p} in Bengali`).toBeLessThanOrEqual(LIMIT);
          expect(bengali / english[i]!, `/dashboard/${p}: Bengali over English`).toBeLessThanOrEqual(1.1);
        }
      } finally {
        // the demo accounts are shared by the files of this worker: English again
        await switchTo(context, "en");
      }
      const dir = path.join(ROOT, "test-results");
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        path.join(dir, "page-weights.md"),
        ["| page | as | English KB | Bengali KB | Bengali over English |", "|---|---|---:|---:|---:|", ...rows].join("\n") +
          "\n",
      );
    });
  }
});
