// The origin `npm run dev` serves, from the options it passes on to `react-router dev` (Vite's `--port`, `--host`).
// The dev server hands it to the Worker as DEV_ORIGIN (vite.config.ts), the origin of the links in e-mails that the
// Cron Trigger sends, which has no request to take one from (app/server/environment.server.ts, cronOrigin).
// Node built-ins only: this runs with Node's type stripping.

/** The port Vite listens on without `--port`: vite.config.ts's `server.port` (with strictPort, it never moves). */
export const DEFAULT_DEV_PORT = 5173;

/** The value of `--name <v>` or `--name=<v>` among `argv` (the last one wins, as in Vite's option parser). */
function option(argv: string[], name: string): string | undefined {
  let value: string | undefined;
  argv.forEach((a, i) => {
    if (a === name) value = argv[i + 1] ?? "";
    else if (a.startsWith(`${name}=`)) value = a.slice(name.length + 1);
  });
  return value;
}

/** The port the dev server listens on, given the options of `npm run dev -- …`. */
export function devPort(argv: string[]): number {
  const raw = option(argv, "--port");
  if (raw === undefined) return DEFAULT_DEV_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`--port ${raw} is not a port number`);
  return port;
}

/** `http://localhost:<port>`: the origin a browser on this machine opens (Vite prints it first). */
export function devOrigin(argv: string[]): string {
  return `http://localhost:${devPort(argv)}`;
}
