// Lets a Node script import the app's server modules (app/server, app/lib) as the bundler does: `~/…` is app/…,
// relative imports name no extension, and TypeScript is compiled as Node loads it. Import this module first; the
// app's modules then load with a dynamic import() (scripts/lib/history.ts).
import { existsSync, readFileSync, statSync } from "node:fs";
import { registerHooks, stripTypeScriptTypes } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const APP = fileURLToPath(new URL("../../app/", import.meta.url));
const APP_URL = pathToFileURL(APP).href;
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts"];

/** The module file a bundler would pick for this path: the path itself, or with an extension. */
function probe(file: string): string | undefined {
  for (const ext of EXTENSIONS) {
    if (existsSync(file + ext) && statSync(file + ext).isFile()) return pathToFileURL(file + ext).href;
  }
  return undefined;
}

/** The app's TypeScript as JavaScript: "transform", as a few classes declare fields in their constructor's parameters. */
function compile(file: string): string {
  // Node calls the transform experimental, once per process; the warning says nothing to the person seeding
  const warn = process.emitWarning;
  process.emitWarning = () => {};
  try {
    return stripTypeScriptTypes(readFileSync(file, "utf8"), { mode: "transform" });
  } finally {
    process.emitWarning = warn;
  }
}

/** A WebAssembly module imported as the Workers bundler gives it (`….wasm?module`): compiled, not instantiated. */
const WASM_MODULE = "?module";

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.endsWith(`.wasm${WASM_MODULE}`)) {
      const { url } = nextResolve(specifier.slice(0, -WASM_MODULE.length), context);
      return { url: url + WASM_MODULE, shortCircuit: true };
    }
    const from = context.parentURL?.startsWith(APP_URL) ? path.dirname(fileURLToPath(context.parentURL)) : undefined;
    const file = specifier.startsWith("~/")
      ? path.join(APP, specifier.slice(2))
      : from && specifier.startsWith(".")
        ? path.resolve(from, specifier)
        : undefined;
    const url = file && probe(file);
    if (url) return { url, shortCircuit: true };
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      // a package's file named without its extension, as the bundler finds it (`@jsquash/jpeg/decode`)
      if ((error as { code?: string }).code !== "ERR_MODULE_NOT_FOUND" || specifier.startsWith(".")) throw error;
      return nextResolve(`${specifier}.js`, context);
    }
  },
  load(url, context, nextLoad) {
    if (url.endsWith(`.wasm${WASM_MODULE}`)) {
      const file = JSON.stringify(url.slice(0, -WASM_MODULE.length));
      const source = `import { readFileSync } from "node:fs";\nexport default new WebAssembly.Module(readFileSync(new URL(${file})));`;
      return { format: "module", source, shortCircuit: true };
    }
    if (!url.startsWith(APP_URL) || !url.endsWith(".ts")) return nextLoad(url, context);
    return { format: "module", source: compile(fileURLToPath(url)), shortCircuit: true };
  },
});
