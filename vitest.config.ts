import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

// A fixed Ed25519 key for tests only (never used outside them).
const TEST_SESSION_JWK = JSON.stringify({
  kty: "OKP",
  crv: "Ed25519",
  x: "72Mgsdr16eW_weeSi4LJJzdsprWiMMESkvwEp928WnQ",
  d: "lkm414WpBe-rDc5_Oy6cKSfacKPBRaXRn1fjhnhgGJc",
});

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    test: {
      projects: [
        {
          // Loaders, actions and REST routes driven through the worker's fetch, on real local D1 and R2.
          plugins: [
            reactRouter(),
            cloudflareTest({
              main: "./workers/app.ts",
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  APP_ENV: "test",
                  PAYMENTS_MODE: "test",
                  SESSION_JWK: TEST_SESSION_JWK,
                  ADMIN_EMAILS: "root-admin@coinwork.test",
                  RATE_LIMIT_OFF: "0",
                },
              },
            }),
          ],
          resolve: { alias },
          test: {
            name: "server",
            include: ["tests/server/**/*.test.ts"],
            setupFiles: ["./tests/server/setup.ts"],
            globalSetup: ["./tests/server/stripe-fake.global.ts", "./tests/server/oidc-mock.global.ts"],
            testTimeout: 30_000,
          },
        },
        {
          plugins: [react()],
          resolve: { alias },
          test: {
            name: "components",
            environment: "happy-dom",
            include: ["tests/components/**/*.test.tsx"],
          },
        },
        {
          // Chromium against the built app served by wrangler on fresh local databases: two files at a time,
          // each worker with its own server and database (tests/e2e/global-setup.ts), after the other projects.
          resolve: { alias },
          test: {
            name: "browser",
            include: ["tests/e2e/**/*.test.ts"],
            globalSetup: ["./tests/e2e/global-setup.ts"],
            testTimeout: 120_000,
            hookTimeout: 180_000,
            maxWorkers: 2,
            sequence: { groupOrder: 1 },
          },
        },
      ],
    },
  };
});
