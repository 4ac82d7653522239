// npm run bench:pages [-- --runs 3] [-- --skip-build] [-- --path /] [-- --json out.json] [-- --http1] [-- --serve]
//
// Builds the app, serves the built Worker locally with wrangler on a fresh, migrated and seeded D1, puts a small
// proxy in front that does what Cloudflare's edge does and wrangler dev does not: gzip text responses, and speak
// HTTP/2 over TLS (a throwaway self-signed certificate made with openssl for the run; Chromium is told to accept
// it). `--http1` keeps a plain HTTP/1.1 gzip proxy instead: Lighthouse then models six connections per origin,
// which production never sees. Prints for the page (default /):
//   - the initial JavaScript: the modulepreload and module-script assets the HTML references, gzipped;
//   - Lighthouse's four category scores, LCP and TBT on its default mobile profile (simulated throttling),
//     the median of three runs, with the Chromium scripts/lib/chromium.ts finds (CHROMIUM_PATH, Debian's, npm's).
//   - the same page's main-thread time, TBT and LCP as ratios to the stack's floor measured in the same run: a bare
//     React Router page (scripts/bench-floor: one route rendering a heading, built with the same Vite, React Router
//     and Cloudflare plugin into a temporary directory) served and proxied the same way. Lighthouse's simulated
//     throttling multiplies whatever else the CPU is doing, so absolute figures drift on a busy machine; the
//     ratios much less. The page and the floor are measured in turns (page, floor, page, floor, ...).
// Node built-ins and node_modules only (this file runs with Node's type stripping, not through a bundler).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import type net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { ROOT, wranglerEnv } from "./lib/wrangler.ts";
import { BUILT_WRANGLER_CONFIG, serveBuild, serveStackFloor } from "./lib/served-build.ts";
import { findChromium } from "./lib/chromium.ts";
import { arg, bin, buildReactRouter, flag, logger, median, onExit, runStep } from "./lib/bench-cli.ts";

const TARGETS = { initialJsKb: 140, performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CHROMIUM = await findChromium();
const CHROME_FLAGS = [...CHROMIUM.args, "--disable-dev-shm-usage"];

const RUNS = Number(arg("runs", "3"));
const PAGE = arg("path", "/")!;
const env = wranglerEnv();
const log = logger("bench");

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "upgrade",
  "proxy-connection",
  "http2-settings",
]);

/** A self-signed certificate for 127.0.0.1, made for this run only (null when openssl is missing). */
function throwawayCertificate(dir: string): { key: Buffer; cert: Buffer } | null {
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  const r = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
    ],
    { encoding: "utf8" },
  );
  if (r.status !== 0) return null;
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/**
 * A reverse proxy in front of wrangler dev that gzips text responses the way Cloudflare's edge would, over
 * HTTP/2 + TLS when a certificate is given (HTTP/1.1 clients are still accepted), or plain HTTP/1.1.
 */
function edgeProxy(
  upstreamPort: number,
  tls: { key: Buffer; cert: Buffer } | null,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const handler = (
    req: http.IncomingMessage | http2.Http2ServerRequest,
    response: http.ServerResponse | http2.Http2ServerResponse,
  ) => {
    const res = response as http.ServerResponse; // same writeHead/end/pipe surface for both protocols
    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers)) if (!k.startsWith(":") && !HOP_BY_HOP.has(k)) headers[k] = v;
    headers.host = (req.headers[":authority"] as string | undefined) ?? req.headers.host;
    headers["accept-encoding"] = "identity";
    const upstream = http.request(
      { host: "127.0.0.1", port: upstreamPort, method: req.method, path: req.url, headers },
      (up) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [k, v] of Object.entries(up.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) out[k] = v;
        const type = String(out["content-type"] ?? "");
        const wantsGzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
        if (
          wantsGzip &&
          COMPRESSIBLE.test(type) &&
          !out["content-encoding"] &&
          up.statusCode !== 304 &&
          up.statusCode !== 204
        ) {
          delete out["content-length"];
          out["content-encoding"] = "gzip";
          out.vary = out.vary ? `${out.vary}, Accept-Encoding` : "Accept-Encoding";
          res.writeHead(up.statusCode ?? 502, out);
          up.pipe(zlib.createGzip({ level: 6 })).pipe(res);
        } else {
          res.writeHead(up.statusCode ?? 502, out);
          up.pipe(res);
        }
      },
    );
    upstream.on("error", (e) => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(String(e));
    });
    (req as NodeJS.ReadableStream).pipe(upstream);
  };
  const server = tls ? http2.createSecureServer({ ...tls, allowHTTP1: true }, handler) : http.createServer(handler);
  // close() waits for every open connection, and a browser keeps its own open (--serve): they are ended here
  const sockets = new Set<net.Socket>();
  server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        origin: `${tls ? "https" : "http"}://127.0.0.1:${port}`,
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            for (const socket of sockets) socket.destroy();
          }),
      });
    });
  });
}

/** The JavaScript the HTML makes the browser fetch up front: modulepreloads, module scripts and inline imports. */
async function initialJs(base: string, pagePath: string) {
  // read straight from wrangler (plain HTTP); sizes are gzipped here, as the proxy would send them
  const html = await (await fetch(base + pagePath)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0])?.[1];
    if (href) urls.add(href);
  }
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\(\s*["']([^"']+\.js)["']\s*\)|import\s+["']([^"']+\.js)["']/g))
    urls.add(m[1] ?? m[2]);
  const files: { url: string; raw: number; gzip: number }[] = [];
  for (const u of urls) {
    const res = await fetch(new URL(u, base), { headers: { "accept-encoding": "identity" } });
    if (!res.ok) throw new Error(`${u}: HTTP ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    files.push({ url: u, raw: body.length, gzip: zlib.gzipSync(body, { level: 6 }).length });
  }
  files.sort((a, b) => b.gzip - a.gzip);
  return { files, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
}

interface LighthouseRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  /** main-thread work during the load (Lighthouse's mainthread-work-breakdown) */
  mainThreadMs: number;
  lcpElement?: string;
  failing: string[];
}

/** Like runStep(), but asynchronous: the proxy lives in this process and must keep serving meanwhile. */
function runAsync(what: string, cmd: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<void> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) {
        log(`${what} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
        resolve();
      } else reject(new Error(`${what} failed (exit ${code}):\n${output.trim().split("\n").slice(-30).join("\n")}`));
    });
  });
}

async function lighthouse(
  url: string,
  outDir: string,
  i: number,
  chromeFlags: string[],
  of: "page" | "floor" = "page",
): Promise<LighthouseRun> {
  const out = path.join(outDir, `${of === "floor" ? "floor-" : ""}lighthouse-${i + 1}.json`);
  await runAsync(
    `Lighthouse run ${i + 1}/${RUNS}${of === "floor" ? " (floor)" : ""}`,
    process.execPath,
    [
      bin("lighthouse", "cli", "index.js"),
      url,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      `--only-categories=${CATEGORIES.join(",")}`,
      `--chrome-flags=${chromeFlags.join(" ")}`,
      "--max-wait-for-load=60000",
    ],
    { CHROME_PATH: CHROMIUM.executablePath, ...CHROMIUM.env },
  );
  const lhr = JSON.parse(readFileSync(out, "utf8"));
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as LighthouseRun["scores"];
  const failing: string[] = [];
  for (const c of CATEGORIES) {
    if (c === "performance") continue;
    for (const ref of lhr.categories[c].auditRefs) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 1) failing.push(`${c}: ${ref.id} (${a.title})`);
    }
  }
  const lcpEl = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet;
  return {
    scores,
    lcpMs: lhr.audits["largest-contentful-paint"].numericValue,
    tbtMs: lhr.audits["total-blocking-time"].numericValue,
    fcpMs: lhr.audits["first-contentful-paint"].numericValue,
    cls: lhr.audits["cumulative-layout-shift"].numericValue,
    mainThreadMs: lhr.audits["mainthread-work-breakdown"].numericValue,
    lcpElement: lcpEl,
    failing,
  };
}

/** The stack's floor (scripts/bench-floor's `/`) behind its own edge proxy. `stop` ends both. */
async function serveFloor(outDir: string, tls: { key: Buffer; cert: Buffer } | null) {
  let stopServer = async () => {};
  const server = await serveStackFloor({
    log,
    logFile: path.join(outDir, "server-floor.log"),
    onSpawn: (stop) => (stopServer = onExit(stop)),
  });
  const proxy = await edgeProxy(Number(new URL(server.baseURL).port), tls);
  return {
    server,
    proxy,
    stop: onExit(async () => {
      await proxy.close();
      await stopServer();
    }),
  };
}

async function main() {
  if (!existsSync(bin("lighthouse", "cli", "index.js"))) throw new Error("lighthouse is not installed: npm install");
  const outDir = path.join(ROOT, "test-results", "bench-pages");
  mkdirSync(outDir, { recursive: true });

  if (flag("skip-build") && existsSync(BUILT_WRANGLER_CONFIG)) log("reusing build/ (--skip-build)");
  else buildReactRouter(log, "built the app");

  // A fresh local D1, migrated and seeded with the demo data.
  const persistDir = mkdtempSync(path.join(tmpdir(), "coinwork-bench-"));
  const removeDir = onExit(() => rmSync(persistDir, { recursive: true, force: true }));
  runStep(log, "migrated and seeded a fresh D1 (npm run db:seed)", process.execPath, [
    path.join(ROOT, "scripts", "seed.ts"),
    "--persist-to",
    persistDir,
  ]);

  let stopServer = async () => {};
  const server = await serveBuild({
    persistDir,
    logFile: path.join(outDir, "server.log"),
    onSpawn: (stop) => (stopServer = onExit(stop)),
  }).catch(async (e) => {
    await stopServer();
    await removeDir();
    throw e;
  });
  const upstream = server.baseURL;
  const tls = flag("http1") ? null : throwawayCertificate(persistDir);
  if (!flag("http1") && !tls) log("openssl not found: falling back to a plain HTTP/1.1 gzip proxy");
  const proxy = await edgeProxy(Number(new URL(upstream).port), tls);
  const closeProxy = onExit(proxy.close);
  const base = proxy.origin;
  const chromeFlags = tls ? [...CHROME_FLAGS, "--ignore-certificate-errors"] : CHROME_FLAGS;
  const protocol = tls ? "HTTP/2 + TLS + gzip" : "HTTP/1.1 + gzip";
  let floor: Awaited<ReturnType<typeof serveFloor>> | undefined;
  try {
    log(`serving the built app on ${upstream}, edge proxy (${protocol}) on ${base}`);
    if (flag("serve")) {
      log(`--serve: open ${base}${PAGE}; Ctrl-C stops`);
      await new Promise<never>(() => {}); // until Ctrl-C, whose handler (onExit) stops everything
    }
    floor = await serveFloor(outDir, tls);
    // warm the Workers and the landing page's edge cache, as a visitor after the first would find them
    for (let i = 0; i < 3; i++) {
      await (await fetch(upstream + PAGE)).arrayBuffer();
      await (await fetch(`${floor.server.baseURL}/`)).arrayBuffer();
    }

    const js = await initialJs(upstream, PAGE);
    const floorJs = await initialJs(floor.server.baseURL, "/");
    // in turns, so that a busy spell of the machine weighs on both alike
    const runs: LighthouseRun[] = [];
    const floorRuns: LighthouseRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await lighthouse(base + PAGE, outDir, i, chromeFlags));
      floorRuns.push(await lighthouse(`${floor.proxy.origin}/`, outDir, i, chromeFlags, "floor"));
    }
    const floorMedian = {
      mainThreadMs: Math.round(median(floorRuns.map((r) => r.mainThreadMs))),
      tbtMs: Math.round(median(floorRuns.map((r) => r.tbtMs))),
      lcpMs: Math.round(median(floorRuns.map((r) => r.lcpMs))),
      fcpMs: Math.round(median(floorRuns.map((r) => r.fcpMs))),
      performance: median(floorRuns.map((r) => r.scores.performance)),
    };

    const result = {
      page: PAGE,
      date: new Date().toISOString(),
      served: `wrangler dev on the build, behind a local ${protocol} proxy`,
      initialJs: { gzipBytes: js.gzip, rawBytes: js.raw, files: js.files },
      lighthouse: {
        runs: runs.length,
        profile: "Lighthouse default mobile (simulated throttling: 150 ms RTT, 1.6 Mbps, 4x CPU)",
        median: {
          performance: median(runs.map((r) => r.scores.performance)),
          accessibility: median(runs.map((r) => r.scores.accessibility)),
          "best-practices": median(runs.map((r) => r.scores["best-practices"])),
          seo: median(runs.map((r) => r.scores.seo)),
          lcpMs: Math.round(median(runs.map((r) => r.lcpMs))),
          tbtMs: Math.round(median(runs.map((r) => r.tbtMs))),
          fcpMs: Math.round(median(runs.map((r) => r.fcpMs))),
          cls: Number(median(runs.map((r) => r.cls)).toFixed(3)),
          mainThreadMs: Math.round(median(runs.map((r) => r.mainThreadMs))),
        },
        each: runs.map(({ scores, lcpMs, tbtMs }) => ({
          ...scores,
          lcpMs: Math.round(lcpMs),
          tbtMs: Math.round(tbtMs),
        })),
        lcpElement: runs[0]?.lcpElement,
        failingAudits: [...new Set(runs.flatMap((r) => r.failing))],
      },
      floor: {
        what: "a bare React Router page (scripts/bench-floor), built and served the same way, measured in turns with the page",
        initialJs: { gzipBytes: floorJs.gzip, rawBytes: floorJs.raw },
        median: floorMedian,
        each: floorRuns.map((r) => ({
          mainThreadMs: Math.round(r.mainThreadMs),
          tbtMs: Math.round(r.tbtMs),
          lcpMs: Math.round(r.lcpMs),
        })),
      },
      ratiosToFloor: {} as Record<"mainThread" | "tbt" | "lcp" | "initialJs", number | null>,
    };
    const ratio = (page: number, floorValue: number) =>
      floorValue > 0 ? Number((page / floorValue).toFixed(2)) : null;
    const pm = result.lighthouse.median;
    result.ratiosToFloor = {
      mainThread: ratio(pm.mainThreadMs, floorMedian.mainThreadMs),
      tbt: ratio(pm.tbtMs, floorMedian.tbtMs),
      lcp: ratio(pm.lcpMs, floorMedian.lcpMs),
      initialJs: ratio(js.gzip, floorJs.gzip),
    };
    const jsonOut = arg("json", path.join(outDir, "result.json"))!;
    writeFileSync(jsonOut, `${JSON.stringify(result, null, 2)}\n`);

    const m = result.lighthouse.median;
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const mark = (ok: boolean) => (ok ? "ok  " : "MISS");
    console.log("");
    console.log(
      `Page ${PAGE}: median of ${runs.length} Lighthouse runs, default mobile profile, ${CHROMIUM.description}, served ${protocol}`,
    );
    console.log(
      `  ${mark(js.gzip <= TARGETS.initialJsKb * 1024)} initial JS        ${kb(js.gzip)} gzip (${kb(js.raw)} raw, ${js.files.length} files; target <= ${TARGETS.initialJsKb} KB)`,
    );
    console.log(
      `  ${mark(m.performance >= TARGETS.performance)} performance       ${m.performance} (target >= ${TARGETS.performance})`,
    );
    console.log(`  ${mark(m.accessibility >= 100)} accessibility     ${m.accessibility}`);
    console.log(`  ${mark(m["best-practices"] >= 100)} best practices    ${m["best-practices"]}`);
    console.log(`  ${mark(m.seo >= 100)} SEO               ${m.seo}`);
    console.log(
      `       LCP               ${(m.lcpMs / 1000).toFixed(2)} s${result.lighthouse.lcpElement ? `  (${result.lighthouse.lcpElement.slice(0, 90)})` : ""}`,
    );
    console.log(`       TBT               ${m.tbtMs} ms`);
    console.log(`       FCP / CLS         ${(m.fcpMs / 1000).toFixed(2)} s / ${m.cls}`);
    console.log(
      `  runs: ${result.lighthouse.each.map((r) => `${r.performance}/${r.accessibility}/${r["best-practices"]}/${r.seo} LCP ${r.lcpMs} TBT ${r.tbtMs}`).join(" | ")}`,
    );
    for (const f of result.lighthouse.failingAudits) console.log(`  failing audit: ${f}`);
    const fm = result.floor.median;
    const r = result.ratiosToFloor;
    const x = (v: number | null, floorValue: number) =>
      v === null ? `n/a: the floor's is ${floorValue}` : `${v.toFixed(2)}x`;
    console.log(
      `  Against the stack's floor (a bare React Router page, same build and serving; medians of ${RUNS}, in turns):`,
    );
    console.log(
      `       main thread       ${m.mainThreadMs} ms vs ${fm.mainThreadMs} ms   ${x(r.mainThread, fm.mainThreadMs)}`,
    );
    console.log(`       TBT               ${m.tbtMs} ms vs ${fm.tbtMs} ms   ${x(r.tbt, fm.tbtMs)}`);
    console.log(
      `       LCP               ${(m.lcpMs / 1000).toFixed(2)} s vs ${(fm.lcpMs / 1000).toFixed(2)} s   ${x(r.lcp, fm.lcpMs)}`,
    );
    console.log(`       initial JS        ${kb(js.gzip)} vs ${kb(floorJs.gzip)}   ${x(r.initialJs, floorJs.gzip)}`);
    console.log(
      `       floor runs: ${result.floor.each.map((f) => `main ${f.mainThreadMs} TBT ${f.tbtMs} LCP ${f.lcpMs}`).join(" | ")}`,
    );
    console.log("  initial JS by file (gzip):");
    for (const f of js.files) console.log(`    ${kb(f.gzip).padStart(9)}  ${f.url}`);
    console.log(`  full result: ${path.relative(ROOT, jsonOut)}`);
  } finally {
    await floor?.stop();
    await closeProxy();
    await stopServer();
    await removeDir();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
