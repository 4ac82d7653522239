// node scripts/mturk-tool-worker.ts --origin <Coinwork origin> --hit <HITId> --site <requester origin>
//   [--email <worker e-mail>] [--password <password>] [--country <ISO code>] [--field name=value ...] [--shot <file>]
//
// The worker's part of scripts/mturk-tools-own-code.py, in Chromium (scripts/lib/chromium.ts): a worker signs in
// through the login form, gives their country in Settings when asked (the tools require a Locale), opens the HIT's
// task page, presses Start task, and sends the form of the requester's ExternalQuestion page in the task page's frame.
// That page is the requester's own site (the tool's ad or survey page), served here by the browser in the site's
// place: as a tool's page does, it reads `assignmentId` and `turkSubmitTo` from its address and posts its fields to
// `<turkSubmitTo>/mturk/externalSubmit`. Prints one line of JSON: the assignmentId the frame was given, and the
// words the task page shows once the work is sent.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { launchChromium } from "./lib/chromium.ts";

const { values } = parseArgs({
  options: {
    origin: { type: "string" },
    hit: { type: "string" },
    site: { type: "string" },
    email: { type: "string", default: "worker@coinwork.dev" },
    password: { type: "string", default: "Coinwork!1" },
    country: { type: "string" },
    field: { type: "string", multiple: true, default: [] },
    shot: { type: "string" },
  },
});
if (!values.origin || !values.hit || !values.site) {
  console.error("Usage: node scripts/mturk-tool-worker.ts --origin <Coinwork> --hit <HITId> --site <requester site>");
  process.exit(2);
}
const origin = values.origin;
const fields = values.field.map((f) => {
  const at = f.indexOf("=");
  return { name: f.slice(0, at), value: f.slice(at + 1) };
});
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The requester's page: its fields, filled by the worker, posted back to turkSubmitTo with the assignmentId. */
const REQUESTER_PAGE = `<!DOCTYPE html><html lang="en"><head><title>The requester's page</title></head><body>
  <form method="post" id="work">
    <input type="hidden" name="assignmentId" id="assignmentId">
    ${fields.map((f) => `<label>${escape(f.name)} <input name="${escape(f.name)}"></label>`).join("\n    ")}
    <button type="submit">Send</button>
  </form>
  <script>
    var params = new URLSearchParams(location.search);
    document.getElementById("assignmentId").value = params.get("assignmentId");
    document.getElementById("work").action = params.get("turkSubmitTo") + "/mturk/externalSubmit";
  </script></body></html>`;

const TIMEOUT = 30_000;
const browser = await launchChromium();
try {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(TIMEOUT);
  await context.route(`${values.site}/**`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: REQUESTER_PAGE }),
  );
  // Coinwork runs on this machine and the requester's site stands for a public one: Chromium asks before a public
  // page reaches the local network (Local Network Access), which a deployed Coinwork never meets
  await context.grantPermissions(["local-network-access"], { origin });
  const page = await context.newPage();
  const hydrated = () => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  await page.goto("/login");
  await hydrated();
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Password").fill(values.password);
  await Promise.all([
    page.waitForURL((u) => u.pathname !== "/login"),
    page.getByRole("button", { name: "Login", exact: true }).click(),
  ]);
  if (values.country) {
    await page.goto("/dashboard/settings");
    await hydrated();
    const country = page.getByLabel("Country");
    if ((await country.inputValue()) !== values.country) {
      await country.selectOption(values.country);
      await page.getByRole("button", { name: "Save profile" }).click();
      await page.getByText("Profile saved").first().waitFor();
    }
  }

  await page.goto(`/dashboard/tasklist/${values.hit}`);
  await hydrated();
  await page.getByRole("button", { name: "Start task" }).click();
  await page.getByTestId("held-slot").waitFor();
  const question = page.getByTestId("hit-question");
  const src = new URL((await question.getAttribute("src"))!);
  const frame = page.frameLocator('[data-testid="hit-question"]');
  for (const f of fields) await frame.getByLabel(f.name).fill(f.value);
  await frame.getByRole("button", { name: "Send" }).click();
  const sent = page.getByTestId("hit-work-sent");
  await sent.waitFor();
  if (values.shot) {
    mkdirSync(path.dirname(values.shot), { recursive: true });
    await sent.scrollIntoViewIfNeeded();
    await page.screenshot({ path: values.shot });
  }
  console.log(
    JSON.stringify({
      assignmentId: src.searchParams.get("assignmentId"),
      frame: src.origin + src.pathname,
      page: (await sent.innerText()).replace(/\s+/g, " ").trim(),
    }),
  );
} finally {
  await browser.close();
}
