// Issues 28, 40 and 41 in Chromium: a requester posts HITs through the real AWS SDK (@aws-sdk/client-mturk, signed with
// a key made on the API keys page), and a new worker at 1440 px does them on their task pages.
// - An HTMLQuestion is requester code: it comes from the question origin (questions.localhost here, another site than
//   the app at 127.0.0.1), only as the task page's frame. Its address names no worker before the start, and opened in
//   a tab of its own (or at the app's origin) it shows nothing of the question. A script in it tries to read the
//   parent page, the cookies and the storage, and writes what it got into its own page: every attempt fails. A
//   click on its target=_top link leaves the task page where it was. Its form is the submission, which the requester
//   lists with its answer. Once it has posted, the task page learns it from the frame (docs/decisions/093) and shows
//   the work as sent, without a reload: no frame, no countdown, no give-back, no second proof form; its What to
//   submit is the question's form, never the HIT's Keywords.
// - An ExternalQuestion is a page on the requester's own site (served here by the browser context in that site's
//   place): its form posts to `<turkSubmitTo>/mturk/externalSubmit`, a cross-site post authorised by the assignmentId
//   alone, and the task page (here on a phone) shows the work as sent.
// - Without JavaScript (390 and 1440 px) the frame's form still posts, its sent page's link opens the Task List in a
//   new tab, and the task page read after the post shows the work as sent.
import { expect } from "vitest";
import { CreateHITCommand, ListAssignmentsForHITCommand, type MTurkClient } from "@aws-sdk/client-mturk";
import type { ConsoleMessage, FrameLocator, Page } from "playwright-core";
import {
  baseURL,
  browser,
  demoRequester,
  db,
  gotoHydrated,
  login,
  newNoJsContext,
  person,
  screenshot,
  setUpBrowser,
  sidewaysOverflow,
  sqlText,
  startTask,
  step,
  story,
  TEST_PASSWORD,
  unique,
  uniqueToken,
  VIEWPORTS,
  signUpByPost,
} from "./browser";
import type { Person } from "./browser";

setUpBrowser();

/** The question: a probe script that reports what it could reach, a link that tries the worker's tab, MTurk's form. */
const QUESTION = `<HTMLQuestion xmlns="http://mechanicalturk.amazonaws.com/AWSMechanicalTurkDataSchemas/2011-11-11/HTMLQuestion.xsd">
  <HTMLContent><![CDATA[<!DOCTYPE html><html><body>
    <p id="probe"></p>
    <script>
      var got = [];
      function attempt(name, read) {
        try { got.push(name + "=read:" + JSON.stringify(read())); } catch (e) { got.push(name + "=blocked:" + e.name); }
      }
      attempt("parent", function () { return parent.document.title; });
      attempt("cookie", function () { return document.cookie; });
      attempt("storage", function () { return localStorage.length; });
      var probe = document.getElementById("probe");
      probe.textContent = got.join(" ");
      probe.setAttribute("data-done", "");
    </script>
    <p><a href="https://example.org/elsewhere" target="_top">Read the instructions</a></p>
    <form name="mturk_form" method="post" id="mturk_form" action="https://www.mturk.com/mturk/externalSubmit">
      <input type="hidden" value="" name="assignmentId" id="assignmentId"/>
      <label>What animal is in the photo? <input name="animal" id="animal"/></label>
      <input type="submit" id="submitButton" value="Submit"/>
    </form></body></html>]]></HTMLContent>
  <FrameHeight>400</FrameHeight>
</HTMLQuestion>`;

/** The requester's own site, where an ExternalQuestion's page lives (the browser context answers in its place). */
const REQUESTER_SITE = "https://survey.example.org";
/** Its page, as an MTurk ExternalQuestion is written: the form posts to turkSubmitTo with the assignmentId. */
const EXTERNAL_PAGE = `<!DOCTYPE html><html lang="en"><head><title>Colour survey</title></head><body>
  <form method="post" id="survey">
    <input type="hidden" name="assignmentId" id="assignmentId">
    <label>Favourite colour <input name="colour"></label>
    <button type="submit">Send to Coinwork</button>
  </form>
  <script>
    var params = new URLSearchParams(location.search);
    document.getElementById("assignmentId").value = params.get("assignmentId");
    document.getElementById("survey").action = params.get("turkSubmitTo") + "/mturk/externalSubmit";
  </script></body></html>`;

const FRAME_ONLY = "A HIT's question opens only in its task page on Coinwork.";

/** An HTMLQuestion HIT of QUESTION, its Keywords words to find it by (never what to submit). */
async function postHit(mturk: MTurkClient, title: string): Promise<string> {
  const { HIT } = await mturk.send(
    new CreateHITCommand({
      Title: title,
      Description: "Look at the photo and name the animal.",
      Reward: "0.50",
      MaxAssignments: 1,
      LifetimeInSeconds: 86_400,
      AssignmentDurationInSeconds: 600,
      Keywords: KEYWORDS,
      Question: QUESTION,
    }),
  );
  return HIT!.HITId!;
}
const KEYWORDS = "animals, photo tagging";

/** The task page shows the work as sent: no frame, no countdown, no give-back, no proof form. */
async function expectWorkSent(page: Page) {
  await page.getByTestId("hit-work-sent").waitFor();
  await page.getByTestId("submission-blocker").getByText("waiting for review").waitFor();
  for (const gone of [
    page.getByTestId("hit-question"),
    page.getByTestId("held-slot"),
    page.getByRole("button", { name: /Give the task back/ }),
    page.getByRole("button", { name: "Submit Task" }),
    page.getByLabel("Your submission"),
  ])
    expect(await gone.count()).toBe(0);
}

const frameOf = (p: Person): FrameLocator => p.page.frameLocator('[data-testid="hit-question"]');
const frameSrc = async (p: Person) => new URL((await p.page.getByTestId("hit-question").getAttribute("src"))!);

story("HITs' questions, from another site, in their task pages", () => {
  let mturk: MTurkClient;
  let hitId: string;
  let title: string;
  let worker: Person;
  let taskUrl: string;
  // what Chromium says when a sandboxed frame tries to navigate the tab it is in
  const blockedNavigations: string[] = [];

  const posted = step("a requester posts an HTMLQuestion HIT with the AWS SDK", async () => {
    mturk = await demoRequester(browser);
    title = `Name the animal ${uniqueToken("q")}`;
    hitId = await postHit(mturk, title);
  });

  const registered = step("a new worker registers at 1440 px", async () => {
    worker = await person(browser, { name: `Mira ${uniqueToken("w")}`, email: unique("mturk-worker") });
    const { page, context } = worker;
    page.on("console", (m: ConsoleMessage) => {
      if (/allow-top-navigation/.test(m.text())) blockedNavigations.push(m.text());
    });
    await signUpByPost(worker, { password: TEST_PASSWORD, role: "Worker" });
    // a cookie the app's own pages can read: the question's script must not
    await context.addCookies([{ name: "coinwork_probe", value: "visible-to-coinwork", url: baseURL() }]);
  });

  const previewed = step(
    "1440: the preview comes from the question origin naming nobody, and its address opens nothing in a tab",
    { needs: [posted, registered] },
    async () => {
      const { page, context } = worker;
      await gotoHydrated(page, `/dashboard/tasklist/${hitId}`);
      taskUrl = page.url();
      const src = await frameSrc(worker);
      expect(src.host).toBe(`questions.localhost:${new URL(baseURL()).port}`);
      expect(src.searchParams.get("assignmentId")).toBe("ASSIGNMENT_ID_NOT_AVAILABLE");
      expect(src.searchParams.has("workerId")).toBe(false);
      const [me] = db<{ id: string }>(`SELECT id FROM users WHERE email = ${sqlText(worker.email)}`);
      expect(src.href).not.toContain(me!.id);
      await frameOf(worker).locator("#probe[data-done]").waitFor();

      // the same address in a tab of its own, and the question's path at the app's origin: no question
      const tab = await context.newPage();
      const topLevel = await tab.goto(src.href);
      expect(topLevel!.status()).toBe(403);
      expect(await tab.locator("body").innerText()).toBe(FRAME_ONLY);
      const onApp = await tab.goto(`${baseURL()}/mturk/question/${hitId}${src.search}`);
      expect(onApp!.status()).toBe(404);
      expect(await onApp!.text()).toBe("");
      expect(await tab.locator("#probe, form").count()).toBe(0);
      await tab.close();
    },
  );

  const started = step(
    "1440: started, its script reaches neither the page nor its cookies, and its target=_top link leaves the task page where it was",
    { needs: [previewed] },
    async () => {
      const { page } = worker;
      await startTask(page);
      const src = await frameSrc(worker);
      expect(src.searchParams.get("assignmentId")).toMatch(/^[0-9A-F]{32}$/);
      const frame = frameOf(worker);
      const probe = frame.locator("#probe[data-done]");
      await probe.waitFor();
      const got = await probe.innerText();
      expect(got).toMatch(/parent=blocked:SecurityError/);
      expect(got).toMatch(/cookie=(blocked:SecurityError|read:"")/);
      expect(got).toMatch(/storage=blocked:SecurityError/);
      expect(got).not.toContain("visible-to-coinwork");
      expect(got).not.toContain(title);

      await frame.getByRole("link", { name: "Read the instructions" }).click();
      await expect.poll(() => blockedNavigations.length).toBeGreaterThan(0);
      expect(page.url()).toBe(taskUrl);
      await frame.getByLabel("What animal is in the photo?").waitFor();
      await page.getByTestId("hit-question").scrollIntoViewIfNeeded();
      await screenshot(page, "mturk-question-1440", { viewport: true });
    },
  );

  const sent = step(
    "1440: its form is the submission; the task page learns it from the frame and shows the work as sent",
    { needs: [started] },
    async () => {
      const { page } = worker;
      // what to submit is the question's form, never the HIT's Keywords; the frame is the one form
      const asked = await page.getByRole("region", { name: "What to submit" }).innerText();
      expect(asked).toContain("Your answers in the task's form below");
      expect(asked).not.toContain(KEYWORDS);
      await page.getByTestId("hit-send-note").waitFor();
      expect(await page.getByRole("button", { name: "Submit Task" }).count()).toBe(0);
      await page.getByTestId("held-slot").waitFor();

      const frame = frameOf(worker);
      await frame.getByLabel("What animal is in the photo?").fill("a tabby cat");
      await frame.getByRole("button", { name: "Submit" }).click();
      // no reload: the sent page in the frame tells the page, which reads the worker's state again
      await expectWorkSent(page);
      expect(page.url()).toBe(taskUrl);
      await screenshot(page, "mturk-question-sent-1440");

      const [me] = db<{ id: string }>(`SELECT id FROM users WHERE email = ${sqlText(worker.email)}`);
      const { Assignments } = await mturk.send(new ListAssignmentsForHITCommand({ HITId: hitId }));
      expect(Assignments).toHaveLength(1);
      expect(Assignments![0]).toMatchObject({ WorkerId: me!.id, AssignmentStatus: "Submitted" });
      expect(Assignments![0].Answer).toContain("<QuestionIdentifier>animal</QuestionIdentifier>");
      expect(Assignments![0].Answer).toContain("<FreeText>a tabby cat</FreeText>");
      // and so it stays when read again
      await gotoHydrated(page, taskUrl);
      await expectWorkSent(page);
    },
  );

  step(
    "390 and 1440 without JavaScript: the frame's form posts, its sent page's link opens a tab, and the page read after shows the work as sent",
    { needs: [sent] },
    async () => {
      const context = await newNoJsContext(browser, { viewport: "phone" });
      const page = await context.newPage();
      await login(page, worker.email, TEST_PASSWORD);
      const id = await postHit(mturk, `Name the animal ${uniqueToken("nojs")}`);
      await page.goto(`/dashboard/tasklist/${id}`);
      await startTask(page);
      const frame = page.frameLocator('[data-testid="hit-question"]');
      await frame.getByLabel("What animal is in the photo?").fill("a heron");
      await frame.getByRole("button", { name: "Submit" }).click();
      await frame.getByRole("heading", { name: "Your work was sent" }).waitFor();
      // the frame's way back opens a tab of its own; the worker's tab stays on the task
      const [list] = await Promise.all([
        context.waitForEvent("page"),
        frame.getByRole("link", { name: "Back to the Task List" }).click(),
      ]);
      await list.waitForURL((url) => url.pathname === "/dashboard/tasklist");
      expect(new URL(page.url()).pathname).toBe(`/dashboard/tasklist/${id}`);
      await list.close();
      expect(db(`SELECT 1 FROM submissions WHERE task_id = ${sqlText(id)} AND status = 'pending'`)).toHaveLength(1);
      // the page read after the post (here a reload; any way back to it) says so
      await page.reload();
      await expectWorkSent(page);
      expect(await sidewaysOverflow(page)).toBe(0);
      await screenshot(page, "mturk-question-sent-nojs-390");
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.reload();
      await expectWorkSent(page);
      await screenshot(page, "mturk-question-sent-nojs-1440");
      await context.close();
    },
  );

  step(
    "390: an ExternalQuestion on the requester's site posts its form back; the task page shows the work as sent",
    { needs: [posted, registered] },
    async () => {
      const { page, context } = worker;
      await page.setViewportSize(VIEWPORTS.phone);
      await context.route(`${REQUESTER_SITE}/**`, (route) =>
        route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: EXTERNAL_PAGE }),
      );
      // here Coinwork is on this machine and the requester's site stands for a public one: Chromium asks before a
      // public page reaches the local network (Local Network Access), which a deployed Coinwork never meets
      await context.grantPermissions(["local-network-access"], { origin: new URL(baseURL()).origin });
      const { HIT } = await mturk.send(
        new CreateHITCommand({
          Title: `Colour survey ${uniqueToken("x")}`,
          Description: "Say your favourite colour on our survey site.",
          Reward: "0.50",
          MaxAssignments: 1,
          LifetimeInSeconds: 86_400,
          AssignmentDurationInSeconds: 600,
          Question: `<ExternalQuestion xmlns="http://mechanicalturk.amazonaws.com/AWSMechanicalTurkDataSchemas/2006-07-14/ExternalQuestion.xsd"><ExternalURL>${REQUESTER_SITE}/colour</ExternalURL><FrameHeight>300</FrameHeight></ExternalQuestion>`,
        }),
      );
      await gotoHydrated(page, `/dashboard/tasklist/${HIT!.HITId}`);
      await startTask(page);
      const src = await frameSrc(worker);
      expect(src.origin).toBe(REQUESTER_SITE);
      expect(src.searchParams.get("turkSubmitTo")).toBe(new URL(baseURL()).origin);
      const frame = frameOf(worker);
      await frame.getByLabel("Favourite colour").fill("teal");
      const taskPage = page.url();
      await frame.getByRole("button", { name: "Send to Coinwork" }).click();
      // Coinwork's sent page, at Coinwork's origin in the frame, tells the page: no reload
      await expectWorkSent(page);
      expect(page.url()).toBe(taskPage);
      expect(await sidewaysOverflow(page)).toBe(0);
      await screenshot(page, "mturk-external-question-sent-390");

      const { Assignments } = await mturk.send(new ListAssignmentsForHITCommand({ HITId: HIT!.HITId }));
      expect(Assignments).toHaveLength(1);
      expect(Assignments![0].Answer).toContain("<QuestionIdentifier>colour</QuestionIdentifier>");
      expect(Assignments![0].Answer).toContain("<FreeText>teal</FreeText>");
      // nothing failed but what the questions tried against their sandbox
      expect(
        worker.errors.filter((e) => !/SecurityError|cross-origin|allow-top-navigation|example\.org/i.test(e)),
      ).toEqual([]);
      await context.close();
    },
  );
});
