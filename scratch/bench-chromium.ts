// Scratch (not committed): CPU of Chromium per step and per flag set, on the served build.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
import { launchChromium } from "../scripts/lib/chromium.ts";
import { serveBuild } from "../scripts/lib/served-build.ts";
import { seed } from "../scripts/seed.ts";

const HZ = 100;
function chromiumTicks(seen: Map<number, number>) {
  const procs = new Map<number, { ppid: number; ticks: number; cmd: string }>();
  for (const p of readdirSync("/proc")) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      procs.set(Number(p), { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]), cmd: readFileSync(`/proc/${p}/cmdline`, "utf8") });
    } catch {}
  }
  const mine = (pid: number): boolean => { for (let q = pid, i = 0; q > 1 && i < 20; i++) { if (q === process.pid) return true; q = procs.get(q)?.ppid ?? 0; } return false; };
  for (const [pid, p] of procs) {
    if (!p.cmd.includes("chromium") || !mine(pid)) continue;
    const type = /--type=([\w-]+)/.exec(p.cmd)?.[1] ?? "browser";
    seen.set(pid, Math.max(seen.get(pid) ?? 0, p.ticks));
    types.set(pid, type);
  }
}
const types = new Map<number, string>();
const total = (seen: Map<number, number>, type?: string) => [...seen.entries()].filter(([pid]) => !type || types.get(pid) === type).reduce((a, [, b]) => a + b, 0) / HZ;
const TYPES = ["browser", "gpu-process", "renderer", "utility"];

const dir = process.env.BENCH_DB ?? mkdtempSync(path.join(tmpdir(), "coinwork-bench-"));
if (!process.env.BENCH_DB) await seed({ persistTo: dir }, { quiet: true });
const served = await serveBuild({ persistDir: dir, logFile: "/tmp/w44/bench-server.log", vars: { RATE_LIMIT_OFF: "1" } });
const PAGES = ["/dashboard/buyerhome", "/dashboard/mytasks", "/dashboard/addtask", "/dashboard/paymenthistory", "/dashboard/purchasecoin", "/dashboard/notifications", "/dashboard/bonuses", "/dashboard/qualifications"];
const variants: Record<string, string[]> = JSON.parse(process.env.VARIANTS ?? '{"base":[]}');
const steps = (process.env.STEPS ?? "nav,shot,axe").split(",");
const rounds = Number(process.env.ROUNDS ?? 2);
for (let r = 0; r < rounds; r++)
for (const [name, args] of Object.entries(variants)) {
  const seen = new Map<number, number>();
  const timer = setInterval(() => chromiumTicks(seen), 100);
  const t0 = performance.now();
  const browser = await launchChromium({ args, env: { BENCH_TAG: String(process.pid) } });
  const context = await browser.newContext({ baseURL: served.baseURL, viewport: { width: 1440, height: 900 } });
  if (process.env.PREINJECT) await context.addInitScript({ content: readFileSync(require.resolve("axe-core/axe.min.js"), "utf8") });
  const page = await context.newPage();
  await page.goto("/login");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const form = page.locator("form").filter({ has: page.getByLabel("Password") });
  await form.getByLabel("Email").fill("buyer@coinwork.dev");
  await form.getByLabel("Password").fill("Coinwork!1");
  await Promise.all([page.waitForURL((u) => u.pathname !== "/login"), form.getByRole("button", { name: "Login", exact: true }).click()]);
  chromiumTicks(seen);
  const afterLaunch = total(seen);
  const per: Record<string, number> = {};
  const perType: Record<string, number> = {};
  for (const p of PAGES) {
    for (const s of steps) {
      chromiumTicks(seen);
      const before = total(seen);
      const beforeBy = TYPES.map((t) => total(seen, t));
      if (s === "nav") { await page.goto(p); await page.locator("html[data-hydrated]").waitFor({ state: "attached" }); }
      if (s === "idle") await new Promise((res) => setTimeout(res, 1000));
      if (s === "shot" || s === "jpeg") {
        const { width, height } = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }));
        await page.screenshot({ path: `/tmp/w44/shot.${s === "jpeg" ? "jpg" : "png"}`, fullPage: true, animations: "disabled", type: s === "jpeg" ? "jpeg" : "png", clip: height > 20000 ? { x: 0, y: 0, width, height: 20000 } : undefined });
      }
      if (s === "axe") await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).options({ resultTypes: ["violations"] }).setLegacyMode(true).analyze();
      if (s === "axedirect") await page.evaluate(() => (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] }, resultTypes: ["violations"] }).then((r) => (r as { violations: unknown[] }).violations.length));
      if (s === "axenosel") await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).options({ resultTypes: ["violations"], selectors: false }).setLegacyMode(true).analyze();
      if (s === "axenocc") await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).disableRules(["color-contrast"]).options({ resultTypes: ["violations"] }).setLegacyMode(true).analyze();
      await new Promise((res) => setTimeout(res, 150));
      chromiumTicks(seen);
      per[s] = (per[s] ?? 0) + total(seen) - before;
      TYPES.forEach((t, i) => (perType[`${s}:${t}`] = (perType[`${s}:${t}`] ?? 0) + total(seen, t) - beforeBy[i]));
    }
  }
  await browser.close();
  clearInterval(timer);
  const byType: Record<string, number> = {};
  for (const [pid, t] of seen) byType[types.get(pid)!] = (byType[types.get(pid)!] ?? 0) + t / HZ;
  console.log(`${name} round ${r}: launch+login ${afterLaunch.toFixed(1)} s cpu; ${Object.entries(per).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(", ")}; total ${total(seen).toFixed(1)} s cpu, ${((performance.now() - t0) / 1000).toFixed(1)} s wall`);
  console.log("   per step and process:", Object.entries(perType).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(", "));
  console.log("   by process:", Object.entries(byType).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(", "));
}
await served.stop();
if (!process.env.BENCH_DB) rmSync(dir, { recursive: true, force: true });
