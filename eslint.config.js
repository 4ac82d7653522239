// Lint rules (see docs/decisions/008-lint-and-format-toolchain.md): typescript-eslint's recommended rules, React's
// hooks rules (including the React Compiler's), the layers of CONTRIBUTING.md's picture (no import cycle; routes
// reach the database only through services; server code never imports a route), where each kind of code lives
// (HOUSE below, CONTRIBUTING.md's "Where each new kind of thing lives"), and nothing that Prettier already decides
// about layout.
import path from "node:path";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import prettier from "eslint-config-prettier";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const ROOT = import.meta.dirname;

/**
 * Where each kind of code lives, and what it may import (decision 082). A rule applies to the files under `in` (but
 * not `except`); imports are read as repository paths (`~/server/db` is `app/server/db`, relative ones resolved) or
 * package names. `appOnly`: the only app folders it may import; `not`: what it may never import; `typesOnly`: it
 * imports nothing but types. Type-only imports (`import type`) never load code, so only `typesOnly` counts them.
 */
const HOUSE = [
  {
    in: ["app/lib/"],
    not: ["app/server/", "app/routes/", "app/components/"],
    why: "app/lib is shared code the browser loads too: it never imports server code, a route or a component.",
  },
  {
    in: ["app/lib/i18n/catalogues/"],
    typesOnly: true,
    why: "A message catalogue is words only: it imports nothing but the type it satisfies.",
  },
  {
    in: ["app/", "workers/"],
    except: ["app/lib/i18n/"],
    not: ["app/lib/i18n/catalogues/"],
    why: "Words are read through app/lib/i18n, which picks the visitor's language; never from one catalogue directly.",
  },
  {
    in: ["app/service-worker/"],
    appOnly: ["app/lib/", "app/service-worker/"],
    not: ["react", "react-dom", "react-router"],
    why: "The service worker is a script of its own, run outside the page: it imports only app/lib (words, formats).",
  },
  {
    in: ["app/", "workers/"],
    except: ["app/service-worker/"],
    not: ["app/service-worker/"],
    why: "The service worker is built and served on its own (/sw.js); nothing imports it.",
  },
  {
    in: ["app/server/push/"],
    not: ["app/server/services/", "app/server/jobs/", "app/server/mturk/", "app/routes/"],
    why: "The push sender only delivers (like app/server/email): the services and jobs decide what is sent.",
  },
  {
    in: ["app/", "workers/"],
    except: ["app/server/push/", "app/server/services/", "app/server/jobs/"],
    not: ["app/server/push/"],
    why: "Pushes are sent by a service or a job (after the batch that records the notification), never by a route.",
  },
  {
    in: ["app/server/mturk/"],
    not: ["app/server/db/", "drizzle-orm"],
    why: "A protocol layer translates a protocol to the services' calls: the rules and the SQL are the services'.",
  },
];

/** Where `navigator.serviceWorker` may be used: registering the worker, and the push subscription's control. */
const SERVICE_WORKER_CLIENTS = ["app/entry.client.tsx", "app/components/push/"];

const under = (file, prefixes) => prefixes.some((p) => file === p || file.startsWith(p));
const inRule = (file, rule) => under(file, rule.in) && !under(file, rule.except ?? []);

/** An import's target as a repository path (`app/server/db/schema`) or, for a package, its name. */
function target(file, source) {
  if (source.startsWith("~/")) return `app/${source.slice(2)}`;
  if (source.startsWith(".")) return path.relative(ROOT, path.resolve(ROOT, path.dirname(file), source));
  return source;
}
const names = (t, prefixes) =>
  prefixes.some((p) => (p.endsWith("/") ? `${t}/`.startsWith(p) : t === p || t.startsWith(`${p}/`)));

/** Names written the same in every language: they may stand bare in JSX. */
const SAME_IN_EVERY_LANGUAGE =
  /\b(?:Coinwork|Bkash|Nagad|Rocket|Stripe|MTurk|Google|API|CSV|JSON|URL|HITs?|ID|USD|BDT|GMT)\b/g;
/** Props that hold words a person reads (the DOM's, and this app's components' by their names). */
const WORDS_PROPS =
  /^(?:aria-label|aria-description|aria-roledescription|aria-valuetext|title|alt|placeholder|label|description|hint|message|heading|subtitle|caption|empty|emptyText|emptyMessage|confirmLabel|cancelLabel|submitLabel|pendingLabel|busyLabel|legend|summary|tooltip|text)$/;
/** Latin words a person would read: two letters or more, once the names kept in every language and example e-mail addresses are taken out. */
const hasWords = (text) => /[A-Za-z]{2,}/.test(text.replace(/\S+@\S+\.\S+/g, "").replace(SAME_IN_EVERY_LANGUAGE, ""));

const house = {
  rules: {
    "no-bare-words": {
      meta: {
        type: "problem",
        schema: [],
        docs: {
          description: "Words a person reads come from the catalogues (CONTRIBUTING.md, How a page adds its words)",
        },
      },
      create(context) {
        const report = (node) =>
          context.report({
            node,
            message:
              "Words a person reads come from the catalogues (app/lib/i18n/catalogues): useWords(…)(key), not text written here.",
          });
        return {
          JSXText: (n) => hasWords(n.value) && report(n),
          "JSXExpressionContainer > Literal": (n) =>
            typeof n.value === "string" && n.parent.parent.type !== "JSXAttribute" && hasWords(n.value) && report(n),
          "JSXExpressionContainer > TemplateLiteral": (n) =>
            n.parent.parent.type !== "JSXAttribute" &&
            n.quasis.some((q) => hasWords(q.value.cooked ?? "")) &&
            report(n),
          JSXAttribute: (n) => {
            const name = n.name.type === "JSXIdentifier" ? n.name.name : "";
            if (!WORDS_PROPS.test(name) || !n.value) return;
            const value =
              n.value.type === "Literal"
                ? n.value
                : n.value.type === "JSXExpressionContainer" &&
                    (n.value.expression.type === "Literal" || n.value.expression.type === "TemplateLiteral")
                  ? n.value.expression
                  : null;
            if (!value) return;
            const text =
              value.type === "Literal" ? String(value.value) : value.quasis.map((q) => q.value.cooked ?? "").join(" ");
            if (hasWords(text)) report(n);
          },
        };
      },
    },
    layers: {
      meta: { type: "problem", schema: [], docs: { description: "Each kind of code lives where HOUSE says" } },
      create(context) {
        const file = path.relative(ROOT, context.physicalFilename).split(path.sep).join("/");
        const rules = HOUSE.filter((r) => inRule(file, r));
        const check = (node, source, typeOnly) => {
          if (typeof source !== "string") return;
          const t = target(file, source);
          for (const rule of rules) {
            const broken = rule.typesOnly
              ? !typeOnly
              : !typeOnly &&
                ((rule.not && names(t, rule.not)) || (rule.appOnly && t.startsWith("app/") && !names(t, rule.appOnly)));
            if (broken) context.report({ node, message: `${rule.why} (${source})` });
          }
        };
        return {
          ImportDeclaration: (n) =>
            check(
              n,
              n.source.value,
              n.importKind === "type" ||
                (n.specifiers.length > 0 && n.specifiers.every((s) => s.importKind === "type")),
            ),
          ExportNamedDeclaration: (n) => n.source && check(n, n.source.value, n.exportKind === "type"),
          ExportAllDeclaration: (n) => check(n, n.source.value, n.exportKind === "type"),
          ImportExpression: (n) => n.source.type === "Literal" && check(n, n.source.value, false),
          "MemberExpression[object.name='navigator'][property.name='serviceWorker']": (n) => {
            if (file.startsWith("app/") && !under(file, SERVICE_WORKER_CLIENTS))
              context.report({
                node: n,
                message: `The service worker is registered in app/entry.client.tsx and subscribed to in app/components/push/ only.`,
              });
          },
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ["build/", ".react-router/", ".wrangler/", "node_modules/", "test-results/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Layers: a cycle between modules works only while no module uses another's import at load time, and hides
    // which of them is the lower layer. `~/...` resolves through tsconfig's paths.
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts", "scripts/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts"],
    plugins: { house },
    rules: { "house/layers": "error" },
  },
  {
    // Every word a person reads comes from the catalogues, in both languages (decision 097). The API's reference and
    // the development mailbox are for developers, in English, as the APIs are.
    files: ["app/**/*.tsx"],
    ignores: ["app/routes/docs/**", "app/routes/dev/**"],
    rules: { "house/no-bare-words": "error" },
  },
  {
    // Routes read and write through services (app/server/services/), never the database or the bucket directly.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "drizzle-orm", message: "Routes read and write through a service (app/server/services/)." }],
          patterns: [
            {
              group: ["~/server/db", "~/server/db/*", "**/server/db", "**/server/db/*"],
              message: "Routes read and write through a service (app/server/services/), not the database.",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name=/^(DB|IMAGES)$/]",
          message: "Routes read and write through a service (app/server/services/), not the D1 or R2 binding.",
        },
      ],
    },
  },
  {
    // Dependencies point one way: routes call server code, never the reverse.
    files: ["app/server/**/*.ts", "app/lib/**/*.ts", "app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/routes", "~/routes/*", "**/routes/*"],
              message: "Server code, shared code and components never import a route module.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON answers loosely (`res.body.error.code`); typing every answer would add noise, not safety.
    files: ["tests/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  prettier,
);
