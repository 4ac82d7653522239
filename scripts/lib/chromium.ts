// Which Chromium the browser tests (tests/e2e) and the page benchmark (scripts/bench-pages.ts) drive, in this order:
//   1. CHROMIUM_PATH, when set (a local Chrome or Chromium on macOS or Windows, or any build you choose);
//   2. Debian's /usr/bin/chromium (`apt-get install -y chromium`);
//   3. the Chromium shipped in the npm package @sparticuz/chromium (a devDependency; Linux x64 only), unpacked to
//      the temp directory on first use, with the Open Sans font it ships added to fontconfig so that text renders on
//      a machine without system fonts.
// Never a browser downloaded by a test tool (`playwright install` fails offline).
//
// `node scripts/lib/chromium.ts` launches the one found, opens a page and prints which it is (exit 1 if none can):
// .ci/run uses it to decide whether Debian's package must be installed.
// COINWORK_SKIP_SYSTEM_CHROMIUM=1 skips step 2, to try step 3 on a machine that has Debian's Chromium.
// Node built-ins only at load time (this file runs with Node's type stripping); the npm packages load on demand.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, LaunchOptions } from "playwright-core";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** Headless flags that work offline here: without the networking ones Chromium floods the closed network. */
export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface FoundChromium {
  /** where it came from */
  source: "CHROMIUM_PATH" | "Debian" | "@sparticuz/chromium";
  executablePath: string;
  /** CHROMIUM_ARGS */
  args: string[];
  /** variables the browser process needs on top of the inherited environment (fontconfig for the npm build) */
  env: Record<string, string>;
  /** e.g. "Chromium 153.0.8010.0 from @sparticuz/chromium (/tmp/chromium)" */
  description: string;
}

let found: Promise<FoundChromium> | undefined;

/** The Chromium to use (see the top of this file); throws with what to do when there is none. Cached per process. */
export function findChromium(): Promise<FoundChromium> {
  found ??= resolveChromium();
  return found;
}

async function resolveChromium(): Promise<FoundChromium> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which does not exist.`);
    return system("CHROMIUM_PATH", fromEnv);
  }
  if (process.env.COINWORK_SKIP_SYSTEM_CHROMIUM !== "1" && existsSync(DEBIAN_CHROMIUM))
    return system("Debian", DEBIAN_CHROMIUM);
  if (process.platform !== "linux" || process.arch !== "x64")
    throw new Error(
      `No Chromium found: set CHROMIUM_PATH to a local Chrome or Chromium (the npm package @sparticuz/chromium ` +
        `is Linux x64 only; this is ${process.platform} ${process.arch}).`,
    );
  return fromNpm();
}

function system(source: "CHROMIUM_PATH" | "Debian", executablePath: string): FoundChromium {
  return {
    source,
    executablePath,
    args: CHROMIUM_ARGS,
    env: {},
    description: `${source} Chromium (${executablePath})`,
  };
}

const VERSION = /Chromium (\d+)\.[\d.]+/;

function versionOf(executablePath: string): string | undefined {
  const run = spawnSync(executablePath, ["--version"], { encoding: "utf8", timeout: 60_000 });
  return run.status === 0 ? VERSION.exec(run.stdout)?.[0] : undefined;
}

async function fromNpm(): Promise<FoundChromium> {
  let pkg: typeof import("@sparticuz/chromium");
  try {
    pkg = await import("@sparticuz/chromium");
  } catch {
    throw new Error(
      "No Chromium found: neither CHROMIUM_PATH, nor /usr/bin/chromium, nor the npm package @sparticuz/chromium " +
        "(run `npm install`, or `apt-get install -y chromium`, or set CHROMIUM_PATH).",
    );
  }
  const { default: npmChromium, inflate } = pkg;
  // (createRequire, not import.meta.resolve: vitest's module runner, which loads this file too, lacks the latter)
  const packageDir = path.join(path.dirname(createRequire(import.meta.url).resolve("@sparticuz/chromium")), "..");
  const major = (
    JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as { version: string }
  ).version.split(".")[0];
  // The package unpacks to <tmp>/chromium once and reuses it afterwards; a copy cut short, or another version's,
  // is unpacked again.
  let executablePath = await npmChromium.executablePath();
  let version = versionOf(executablePath);
  if (!version || VERSION.exec(version)?.[1] !== major) {
    rmSync(executablePath, { force: true });
    executablePath = await npmChromium.executablePath();
    version = versionOf(executablePath);
    if (!version) throw new Error(`The Chromium of @sparticuz/chromium (${executablePath}) does not start.`);
  }
  // Its fonts (Open Sans) unpack beside it, to <tmp>/fonts/fonts; only the first unpack writes them.
  const fonts = await inflate(path.join(packageDir, "bin", "fonts.tar.br"));
  return {
    source: "@sparticuz/chromium",
    executablePath,
    args: CHROMIUM_ARGS,
    env: { FONTCONFIG_FILE: fontconfigWith(path.join(fonts, "fonts")) },
    description: `${version} from @sparticuz/chromium (${executablePath})`,
  };
}

/**
 * A fontconfig file: the machine's own configuration (whatever FONTCONFIG_FILE says, else /etc/fonts/fonts.conf,
 * skipped when missing) plus `fontDir`. Named after its content, so processes writing it at once agree.
 */
function fontconfigWith(fontDir: string): string {
  const inherited = process.env.FONTCONFIG_FILE;
  const base = inherited && path.isAbsolute(inherited) ? inherited : "/etc/fonts/fonts.conf";
  const xml = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">${base}</include>
  <dir>${fontDir}</dir>
  <cachedir>${path.join(tmpdir(), "coinwork-fontconfig-cache")}</cachedir>
</fontconfig>
`;
  const dir = path.join(tmpdir(), "coinwork-chromium");
  const file = path.join(dir, `fonts-${createHash("sha256").update(xml).digest("hex").slice(0, 12)}.conf`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, xml);
    renameSync(partial, file);
  }
  return file;
}

/** Launches the Chromium of findChromium() through playwright-core. */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const [{ chromium }, browser] = await Promise.all([import("playwright-core"), findChromium()]);
  return chromium.launch({
    ...options,
    executablePath: browser.executablePath,
    args: [...browser.args, ...(options.args ?? [])],
    env: { ...process.env, ...browser.env, ...options.env },
  });
}

if (import.meta.main) {
  try {
    const browser = await launchChromium();
    const page = await browser.newPage();
    await page.setContent("<p>ok</p>");
    const text = await page.textContent("p");
    await browser.close();
    if (text !== "ok") throw new Error(`the page said ${JSON.stringify(text)}`);
    console.log(`Chromium works: ${(await findChromium()).description}`);
  } catch (e) {
    console.error(`Chromium does not work: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
