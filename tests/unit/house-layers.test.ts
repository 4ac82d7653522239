// Where each kind of code lives (CONTRIBUTING.md, "Where each new kind of thing lives"; decision 082): the linter's
// layer rules, run through ESLint with the project's own config on code placed where a contributor might put it.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
// The project's config, running only the rule under test where that config turns it on (the others, the cycle check
// through the whole app and the React Compiler's, would take seconds a snippet and are not what these tests are about).
const eslint = new ESLint({ cwd: ROOT, ruleFilter: ({ ruleId }) => ruleId === "house/layers" });

/** The house rule's messages for `code` as if it were the file `file` of the repository. */
async function houseProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(ROOT, file) });
  return result.messages.map((m) => m.message);
}

describe("the linter keeps each kind of code where CONTRIBUTING.md says", () => {
  it("a message catalogue holds words only", async () => {
    const file = "app/lib/i18n/catalogues/bn.ts";
    expect(await houseProblems(file, `import type { Catalogue } from "../catalogue";\nexport const bn = {};`)).toEqual(
      [],
    );
    expect(
      await houseProblems(file, `import { formatCoins } from "~/lib/format";\nexport const bn = { formatCoins };`),
    ).toEqual([expect.stringContaining("A message catalogue is words only")]);
  });

  it("a page reads its words through app/lib/i18n, never from a catalogue", async () => {
    const words = `import { en } from "~/lib/i18n/catalogues/en";`;
    expect(await houseProblems("app/lib/i18n/index.ts", words)).toEqual([]);
    expect(await houseProblems("app/routes/dashboard/buyer/add-task.tsx", words)).toEqual([
      expect.stringContaining("Words are read through app/lib/i18n"),
    ]);
  });

  it("app/lib, which the browser loads, imports no server code, route or component", async () => {
    const file = "app/lib/i18n/index.ts";
    expect(await houseProblems(file, `import type { SessionUser } from "~/server/auth/session.server";`)).toEqual([]);
    expect(await houseProblems(file, `import { getDb } from "~/server/db/client.server";`)).toEqual([
      expect.stringContaining("app/lib is shared code"),
    ]);
    expect(await houseProblems(file, `import { Button } from "../../components/ui/button";`)).toEqual([
      expect.stringContaining("app/lib is shared code"),
    ]);
  });

  it("the service worker imports only app/lib, and nothing imports it", async () => {
    const worker = "app/service-worker/sw.ts";
    expect(await houseProblems(worker, `import { formatCoins } from "~/lib/format";`)).toEqual([]);
    expect(await houseProblems(worker, `import { Button } from "~/components/ui/button";`)).toEqual([
      expect.stringContaining("The service worker is a script of its own"),
    ]);
    expect(await houseProblems(worker, `import { useState } from "react";`)).toEqual([
      expect.stringContaining("The service worker is a script of its own"),
    ]);
    expect(await houseProblems("app/root.tsx", `import "./service-worker/sw";`)).toEqual([
      expect.stringContaining("nothing imports it"),
    ]);
  });

  it("only the client entry and the push control touch navigator.serviceWorker", async () => {
    const register = `navigator.serviceWorker.register("/sw.js");`;
    expect(await houseProblems("app/entry.client.tsx", register)).toEqual([]);
    expect(await houseProblems("app/components/push/push-toggle.tsx", register)).toEqual([]);
    expect(await houseProblems("app/components/dashboard-shell.tsx", register)).toEqual([
      expect.stringContaining("registered in app/entry.client.tsx"),
    ]);
  });

  it("pushes are sent by services and jobs; the sender decides nothing", async () => {
    const send = `import { sendPush } from "~/server/push/send.server";`;
    expect(await houseProblems("app/server/services/notifications.server.ts", send)).toEqual([]);
    expect(await houseProblems("app/server/jobs/digest.server.ts", send)).toEqual([]);
    expect(await houseProblems("app/routes/dashboard/settings.tsx", send)).toEqual([
      expect.stringContaining("never by a route"),
    ]);
    expect(
      await houseProblems("app/server/push/send.server.ts", `import { coinsOf } from "../services/ledger.server";`),
    ).toEqual([expect.stringContaining("The push sender only delivers")]);
  });

  it("a protocol layer reaches the database only through the services", async () => {
    const file = "app/server/mturk/hit-operations.server.ts";
    expect(await houseProblems(file, `import { createTask } from "../services/tasks.server";`)).toEqual([]);
    expect(await houseProblems(file, `import { eq } from "drizzle-orm";`)).toEqual([
      expect.stringContaining("A protocol layer translates"),
    ]);
    expect(await houseProblems(file, `import { tasks } from "~/server/db/schema";`)).toEqual([
      expect.stringContaining("A protocol layer translates"),
    ]);
  });
});
