import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import path from "node:path";
import { defineConfig } from "vite";

// The app's own Vite setup minus what is the app's (Tailwind, the ~ alias): the same plugins, the same versions.
export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  cacheDir: process.env.BENCH_FLOOR_OUT ? path.join(process.env.BENCH_FLOOR_OUT, ".vite") : undefined,
});
