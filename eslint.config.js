// Lint rules (see docs/decisions/008-lint-and-format-toolchain.md): typescript-eslint's recommended rules, React's
// hooks rules (including the React Compiler's), the layers of CONTRIBUTING.md's picture (no import cycle; routes
// reach the database only through services; server code never imports a route), and nothing that Prettier already
// decides about layout.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import prettier from "eslint-config-prettier";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
