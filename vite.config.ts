import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { serviceWorker } from "./scripts/lib/service-worker.ts";

// `npm run dev` (scripts/dev.ts) says which origin it serves; the Worker's Cron Trigger writes e-mailed links to it
// (DEV_ORIGIN, app/server/environment.server.ts). Only for the dev server: a build never carries it.
const devOrigin = process.env.COINWORK_DEV_ORIGIN;

export default defineConfig(({ command, isPreview }) => ({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      config: command === "serve" && !isPreview && devOrigin ? { vars: { DEV_ORIGIN: devOrigin } } : undefined,
    }),
    tailwindcss(),
    reactRouter(),
    // /sw.js, built on its own (scripts/lib/service-worker.ts, decision 098)
    serviceWorker(),
  ],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  server: { port: 5173, strictPort: true },
}));
