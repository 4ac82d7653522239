// Issue 28 in Chromium: a requester posts a HIT with an HTMLQuestion through the real AWS SDK (@aws-sdk/client-mturk,
// signed with a key made on the API keys page), and a new worker at 1440 px starts it and answers in the task page's
// sandboxed frame. A script in the question tries to read the parent page, the cookies and the storage, and writes
// what it got into its own page: every attempt fails (an opaque origin). The frame's form is the submission, which
// the requester then lists with its answer.
import { expect } from "vitest";
import { CreateHITCommand, ListAssignmentsForHITCommand, MTurkClient } from "@aws-sdk/client-mturk";
import {
  baseURL,
  browser,
  db,
  gotoHydrated,
  person,
  registerThroughForm,
  screenshot,
  setUpBrowser,
  signedInContext,
  sqlText,
  startTask,
  step,
  story,
  TEST_PASSWORD,
  unique,
  uniqueToken,
} from "./browser";

setUpBrowser();

/** The question: a probe script that reports what it could reach, and MTurk's usual form. */
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
    <form name="mturk_form" method="post" id="mturk_form" action="https://www.mturk.com/mturk/externalSubmit">
      <input type="hidden" value="" name="assignmentId" id="assignmentId"/>
      <label>What animal is in the photo? <input name="animal" id="animal"/></label>
      <input type="submit" id="submitButton" value="Submit"/>
    </form></body></html>]]></HTMLContent>
  <FrameHeight>400</FrameHeight>
</HTMLQuestion>`;

story("an HTMLQuestion HIT done in its sandboxed frame", () => {
  step("1440: the question's script reaches neither the page nor its cookies; its form is the submission", async () => {
    // the demo buyer's key, made on the API keys page (the secret shows once)
    const buyer = await signedInContext(browser, "buyer");
    const keys = await buyer.newPage();
    await gotoHydrated(keys, "/dashboard/apikeys");
    await keys.getByRole("button", { name: "Create a key" }).click();
    const credentials = {
      accessKeyId: (await keys.getByTestId("new-key-id").innerText()).trim(),
      secretAccessKey: (await keys.getByTestId("new-key-secret").innerText()).trim(),
    };
    await buyer.close();
    const mturk = new MTurkClient({ endpoint: `${baseURL()}/mturk`, region: "us-east-1", credentials, maxAttempts: 1 });
    const title = `Name the animal ${uniqueToken("q")}`;
    const { HIT } = await mturk.send(
      new CreateHITCommand({
        Title: title,
        Description: "Look at the photo and name the animal.",
        Reward: "0.50",
        MaxAssignments: 1,
        LifetimeInSeconds: 86_400,
        AssignmentDurationInSeconds: 600,
        Question: QUESTION,
      }),
    );
    const hitId = HIT!.HITId!;

    const worker = await person(browser, { name: `Mira ${uniqueToken("w")}`, email: unique("mturk-worker") });
    try {
      const { page, context } = worker;
      await registerThroughForm(page, { ...worker, password: TEST_PASSWORD, role: "Worker" });
      // a cookie the app's own pages can read: the question's script must not
      await context.addCookies([{ name: "coinwork_probe", value: "visible-to-coinwork", url: baseURL() }]);
      await gotoHydrated(page, `/dashboard/tasklist/${hitId}`);
      await startTask(page);
      const frame = page.frameLocator('[data-testid="hit-question"]');
      const probe = frame.locator("#probe[data-done]");
      await probe.waitFor();
      const got = await probe.innerText();
      expect(got).toMatch(/parent=blocked:SecurityError/);
      expect(got).toMatch(/cookie=(blocked:SecurityError|read:"")/);
      expect(got).toMatch(/storage=blocked:SecurityError/);
      expect(got).not.toContain("visible-to-coinwork");
      expect(got).not.toContain(title);

      await frame.getByLabel("What animal is in the photo?").fill("a tabby cat");
      await screenshot(page, "mturk-question-1440", { viewport: true });
      await frame.getByRole("button", { name: "Submit" }).click();
      await frame.getByRole("heading", { name: "Your work was sent" }).waitFor();

      const [me] = db<{ id: string }>(`SELECT id FROM users WHERE email = ${sqlText(worker.email)}`);
      const { Assignments } = await mturk.send(new ListAssignmentsForHITCommand({ HITId: hitId }));
      expect(Assignments).toHaveLength(1);
      expect(Assignments![0]).toMatchObject({ WorkerId: me!.id, AssignmentStatus: "Submitted" });
      expect(Assignments![0].Answer).toContain("<QuestionIdentifier>animal</QuestionIdentifier>");
      expect(Assignments![0].Answer).toContain("<FreeText>a tabby cat</FreeText>");
      expect(worker.errors.filter((e) => !/SecurityError|cross-origin/i.test(e))).toEqual([]);
    } finally {
      await worker.context.close();
    }
  });
});
