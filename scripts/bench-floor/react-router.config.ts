import type { Config } from "@react-router/dev/config";

// Built by `npm run bench:pages` into a temporary directory (BENCH_FLOOR_OUT), never into the repository.
export default {
  ssr: true,
  buildDirectory: process.env.BENCH_FLOOR_OUT ?? "build",
} satisfies Config;
