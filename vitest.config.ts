import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import LongestFirst from "./tests/sequencer";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

// A fixed Ed25519 key for tests only (never used outside them).
const TEST_SESSION_JWK = JSON.stringify({
  kty: "OKP",
  crv: "Ed25519",
  x: "72Mgsdr16eW_weeSi4LJJzdsprWiMMESkvwEp928WnQ",
  d: "lkm414WpBe-rDc5_Oy6cKSfacKPBRaXRn1fjhnhgGJc",
});

/** A fixed P-256 key that signs the tests' pushes (VAPID), for tests only. */
const TEST_VAPID_JWK = JSON.stringify({
  kty: "EC",
  crv: "P-256",
  x: "QOCwMpN6ATuGs8V64A6C8nHjvlBiaV--3dz003vAWR4",
  y: "QSQc5MWBxyeSpkEoZSGV81LlMHnM4QNju4BbyES8Ur0",
  d: "GSokB5RwtN0V7KVtKlULUVApejYMef8nG3hrUePL3FY",
});

/**
 * React Router's plugin for the tests, without its file watchers. In serve mode its `config` hook starts two (the
 * route config and route types), closed only in its `buildEnd`; vitest resolves a project's config without always
 * making (and later closing) its server, so they outlived the run and every run waited out vitest's 10-second close
 * timeout ("something prevents Vite server from exiting"). Routes do not change during a test run: the watchers are
 * closed as soon as the config is read.
 */
function reactRouterWithoutWatchers(): Plugin[] {
  const plugins = reactRouter();
  const closers = plugins.flatMap((p) => (typeof p.buildEnd === "function" ? [p.buildEnd] : []));
  return [
    ...plugins,
    {
      name: "coinwork:react-router-without-watchers",
      async config() {
        await Promise.all(closers.map((close) => (close as () => Promise<void>).call(undefined)));
      },
    },
  ];
}

/**
 * The unit, server and component files run two at a time (vitest runs one pool per group, so the three projects of
 * group 1 must agree). With one, a core of this 2-core machine sat idle once the browser tests' build was done:
 * group 1 took 213 s with two instead of about 300 s with one (docs/performance.md).
 */
const GROUP_ONE_WORKERS = 2;

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    test: {
      // vitest's own output, then each project's time (tests/time-by-project.ts)
      reporters: ["default", "./tests/time-by-project.ts"],
      // the longest files first in each project (tests/sequencer.ts, from tests/durations.json)
      sequence: { sequencer: LongestFirst },
      projects: [
        {
          // Loaders, actions and REST routes driven through the worker's fetch, on real local D1 and R2.
          plugins: [
            reactRouterWithoutWatchers(),
            cloudflareTest({
              main: "./workers/app.ts",
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  APP_ENV: "test",
                  PAYMENTS_MODE: "test",
                  SESSION_JWK: TEST_SESSION_JWK,
                  // seals the MTurk requester keys' secrets in tests only
                  MTURK_KEY_SECRET: "test-only-mturk-key-secret-0123456789",
                  VAPID_JWK: TEST_VAPID_JWK,
                  ADMIN_EMAILS: "root-admin@coinwork.test",
                  RATE_LIMIT_OFF: "0",
                  // the suite's passwords at 1,000 PBKDF2 rounds, not 100,000 (decision 114)
                  PASSWORD_ROUNDS: "1000",
                },
              },
            }),
          ],
          resolve: { alias },
          test: {
            name: "server",
            sequence: { groupOrder: 1 },
            maxWorkers: GROUP_ONE_WORKERS,
            // One workerd runtime per test worker, not per file, the app's modules loaded once in each: a third of the
            // time of a runtime per file. Files share their runtime's storage (every test makes its own users), and
            // the files that spy restore their mocks after each test.
            isolate: false,
            include: ["tests/server/**/*.test.ts"],
            setupFiles: ["./tests/server/setup.ts"],
            globalSetup: [
              "./tests/server/stripe-fake.global.ts",
              "./tests/server/oidc-mock.global.ts",
              "./tests/server/webhook-receiver.global.ts",
              "./tests/server/push-service.global.ts",
            ],
            // Generous, for a busy 2-core machine: with the browser tests' build running beside them, a file's first
            // hook (accounts made with 100,000 PBKDF2 rounds each) took over 10 s, and a test of every page action
            // over 30 s, when other work shared the cores (load average 30). A state that never comes still fails.
            testTimeout: 60_000,
            hookTimeout: 60_000,
          },
        },
        {
          // Pure code of app/lib (coin rules, formats, valibot schemas) in plain Node: no workerd, no build.
          resolve: { alias },
          test: {
            name: "unit",
            sequence: { groupOrder: 1 },
            maxWorkers: GROUP_ONE_WORKERS,
            // one worker process for the files that follow each other, not one per file (pure functions: nothing
            // carries over from one file to the next)
            isolate: false,
            environment: "node",
            include: ["tests/unit/**/*.test.ts"],
            // fast-check properties run a hundred cases: seconds, not milliseconds, on a busy 2-core machine
            testTimeout: 30_000,
          },
        },
        {
          plugins: [react()],
          resolve: { alias },
          test: {
            name: "components",
            sequence: { groupOrder: 1 },
            maxWorkers: GROUP_ONE_WORKERS,
            environment: "happy-dom",
            include: ["tests/components/**/*.test.tsx"],
            testTimeout: 30_000,
          },
        },
        {
          // Chromium against the built app served by wrangler on fresh local databases: two files at a time,
          // each worker with its own server and database, after the other projects (which run while
          // tests/e2e/serve.ts builds, seeds and serves; see tests/e2e/global-setup.ts).
          resolve: { alias },
          test: {
            name: "browser",
            include: ["tests/e2e/**/*.test.ts"],
            globalSetup: ["./tests/e2e/global-setup.ts"],
            setupFiles: ["./tests/e2e/setup.ts"],
            testTimeout: 180_000,
            hookTimeout: 180_000,
            // expect.poll waits up to 1 s by default: too short for a server round trip on a slow, busy machine
            // (Playwright's own waits use E2E_TIMEOUT in tests/e2e/browser.ts, the same 30 s).
            expect: { poll: { timeout: 30_000, interval: 100 } },
            maxWorkers: 2,
            // Files that follow each other on a worker reuse it: no new process, no second import of Playwright and
            // axe, and signedInContext's demo sessions carry over (browser.ts keeps no other state between files).
            isolate: false,
            // After the other projects, which run first while tests/e2e/serve.ts prepares the servers. They need an
            // explicit group too: vitest runs projects of the default group 0 with one worker (2 cores) last.
            sequence: { groupOrder: 2 },
          },
        },
      ],
    },
  };
});
