// The service worker's build (decision 098): app/service-worker/sw.ts bundled on its own into one classic script,
// /sw.js at the root of the client build (so that its scope is the whole site), after the client build writes its
// files; the dev server builds it when asked for it. Its own Vite build, without the app's plugins: it is no part of
// the app's module graph, and shares no chunk with it.
import path from "node:path";
import { build, type InlineConfig, type Plugin, type Rolldown } from "vite";
import { bn } from "../../app/lib/i18n/catalogues/bn.ts";
import { en } from "../../app/lib/i18n/catalogues/en.ts";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const ENTRY = path.join(ROOT, "app", "service-worker", "sw.ts");
export const SERVICE_WORKER_FILE = "sw.js";

function workerBuild(outDir: string, write: boolean): InlineConfig {
  return {
    configFile: false,
    root: ROOT,
    logLevel: "warn",
    publicDir: false,
    resolve: { alias: { "~": path.join(ROOT, "app") } },
    // the worker's own few words in both languages (app/service-worker/sw.ts), not the catalogues
    define: { SERVICE_WORKER_WORDS: JSON.stringify({ en: en.serviceWorker, bn: bn.serviceWorker }) },
    build: {
      outDir,
      emptyOutDir: false,
      write,
      minify: true,
      sourcemap: false,
      target: "es2022",
      lib: { entry: ENTRY, formats: ["iife"], name: "coinworkServiceWorker", fileName: () => SERVICE_WORKER_FILE },
    },
  };
}

/** The built script's text (the dev server's answer). */
async function builtText(): Promise<string> {
  const result = (await build(workerBuild(path.join(ROOT, "build", "client"), false))) as
    Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === "chunk");
  if (!chunk || chunk.type !== "chunk") throw new Error("the service worker's build gave no script");
  return chunk.code;
}

export function serviceWorker(): Plugin {
  return {
    name: "coinwork:service-worker",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split("?")[0] !== `/${SERVICE_WORKER_FILE}`) return next();
        builtText().then(
          (code) => {
            res.setHeader("Content-Type", "text/javascript; charset=utf-8");
            res.setHeader("Cache-Control", "no-cache");
            res.end(code);
          },
          (e: unknown) => next(e),
        );
      });
    },
    async writeBundle(options) {
      if (this.environment.name !== "client" || !options.dir) return;
      await build(workerBuild(options.dir, true));
    },
  };
}
