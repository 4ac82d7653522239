// A HIT's Question on Coinwork (docs/mturk.md): stored and read with an XML parser at CreateHIT, framed on the
// worker's task page with MTurk's parameters, the HTMLQuestion served in a sandbox with its MTurk form action
// rewritten, and its answer posted to /mturk/externalSubmit as the worker's submission from their hold.
import { describe, expect, it } from "vitest";
import { exports } from "cloudflare:workers";
import { CreateHITCommand, ListAssignmentsForHITCommand, RequestError } from "@aws-sdk/client-mturk";
import { balance, env, funded, holds, row, sessionUser } from "./fixtures";
import { hitInput, refusal, requester } from "./fixtures/mturk";
import { heldSlotOf, startTask } from "~/server/services/slots.server";
import { NOT_AVAILABLE, questionFrame } from "~/server/mturk/question-frame.server";
import { hitQuestionXml } from "~/server/services/hit-questions.server";

const ORIGIN = "https://coinwork.test";
const worker = () => (exports as unknown as { default: { fetch: (r: Request) => Promise<Response> } }).default;

/** The question's form as a sandboxed frame posts it: no cookie, origin "null". */
const postAnswer = (fields: Record<string, string>) =>
  worker().fetch(
    new Request(`${ORIGIN}/mturk/externalSubmit`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "null" },
      body: new URLSearchParams(fields).toString(),
    }),
  );

/** The task page's frame of the HIT's question, its question read as the page reads it. */
const frameOf = async (request: Request, hitId: string, workerId: string, hold: Parameters<typeof questionFrame>[5]) =>
  questionFrame(env, request, hitId, await hitQuestionXml(env, hitId), workerId, hold);

describe("a HIT's question", () => {
  it("frames the HTMLQuestion in a sandbox, and its externalSubmit post is the worker's submission, once", async () => {
    const { user, mturk } = await requester(500);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 2 })));
    const w = await funded("Worker", 10);
    const request = new Request(`${ORIGIN}/dashboard/tasklist/${HIT!.HITId}`);

    const preview = await frameOf(request, HIT!.HITId!, w.id, null);
    expect(preview).toMatchObject({ kind: "html", height: 450 });
    expect(new URL(preview!.src).searchParams.get("assignmentId")).toBe(NOT_AVAILABLE);

    await startTask(env, await sessionUser(w.id), HIT!.HITId!);
    const { hold } = await heldSlotOf(env, w.id, HIT!.HITId!);
    const frame = await frameOf(request, HIT!.HITId!, w.id, hold);
    const src = new URL(frame!.src);
    expect(src.pathname).toBe(`/mturk/question/${HIT!.HITId}`);
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      hitId: HIT!.HITId,
      workerId: w.id,
      turkSubmitTo: ORIGIN,
    });
    const assignmentId = src.searchParams.get("assignmentId")!;
    expect(assignmentId).toMatch(/^[0-9A-F]{32}$/);
    // the same hold keeps its assignmentId
    expect((await frameOf(request, HIT!.HITId!, w.id, hold))!.src).toBe(frame!.src);

    const page = await worker().fetch(new Request(src.href));
    expect(page.status).toBe(200);
    const policy = page.headers.get("Content-Security-Policy")!;
    expect(policy).toMatch(/^sandbox allow-scripts allow-forms/);
    expect(policy).not.toContain("allow-same-origin");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(page.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    const html = await page.text();
    expect(html).toContain(`action="${ORIGIN}/mturk/externalSubmit"`);
    expect(html).not.toContain("www.mturk.com");
    expect(html).toContain(`value="${assignmentId}"`);

    const sent = await postAnswer({ assignmentId, cat: "yes, a tabby" });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Your work was sent");
    const submission = await row<{ id: string; status: string; submission_details: string }>(
      "SELECT id, status, submission_details FROM submissions WHERE task_id = ? AND worker_id = ?",
      HIT!.HITId,
      w.id,
    );
    expect(submission).toMatchObject({ status: "pending", submission_details: "cat: yes, a tabby" });
    const { Assignments } = await mturk.send(new ListAssignmentsForHITCommand({ HITId: HIT!.HITId }));
    expect(Assignments![0].Answer).toContain(
      "<Answer><QuestionIdentifier>cat</QuestionIdentifier><FreeText>yes, a tabby</FreeText></Answer>",
    );

    // single use; an unknown or not-yet-started assignment sends nothing
    const again = await postAnswer({ assignmentId, cat: "no" });
    expect(again.status).toBe(404);
    expect((await postAnswer({ assignmentId: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", cat: "x" })).status).toBe(404);
    expect((await postAnswer({ assignmentId: NOT_AVAILABLE, cat: "x" })).status).toBe(400);
    expect(await row<{ n: number }>("SELECT COUNT(*) AS n FROM submissions WHERE task_id = ?", HIT!.HITId)).toEqual({
      n: 1,
    });
    expect(await balance(w.id)).toBe(10);
    expect(await holds([user.id, w.id])).toBe(true);
  });

  it("frames an ExternalQuestion's https page with MTurk's parameters", async () => {
    const { mturk } = await requester(500);
    const { HIT } = await mturk.send(
      new CreateHITCommand(
        hitInput({
          Question: `<ExternalQuestion xmlns="http://mechanicalturk.amazonaws.com/AWSMechanicalTurkDataSchemas/2006-07-14/ExternalQuestion.xsd"><ExternalURL>https://survey.example.org/run?study=7&amp;x=1</ExternalURL><FrameHeight>0</FrameHeight></ExternalQuestion>`,
        }),
      ),
    );
    const w = await funded("Worker", 10);
    const frame = await frameOf(new Request(`${ORIGIN}/x`), HIT!.HITId!, w.id, null);
    const src = new URL(frame!.src);
    expect(frame).toMatchObject({ kind: "external", height: 600 });
    expect(src.origin + src.pathname).toBe("https://survey.example.org/run");
    expect(Object.fromEntries(src.searchParams)).toEqual({
      study: "7",
      x: "1",
      assignmentId: NOT_AVAILABLE,
      hitId: HIT!.HITId,
      workerId: w.id,
      turkSubmitTo: ORIGIN,
    });
  });

  it("refuses a Question that is not well-formed, not https, or a QuestionForm, making nothing", async () => {
    const { user, mturk } = await requester(100);
    for (const [question, words] of [
      ["<HTMLQuestion><HTMLContent>", /well-formed/],
      ["<ExternalQuestion><ExternalURL>http://plain.example.org/</ExternalURL></ExternalQuestion>", /https/],
      ["<QuestionForm><Question/></QuestionForm>", /HTMLQuestion or an ExternalQuestion/],
      ["<HTMLQuestion><FrameHeight>400</FrameHeight></HTMLQuestion>", /HTMLContent/],
    ] as const) {
      const e = await refusal(mturk.send(new CreateHITCommand(hitInput({ Question: question }))));
      expect(e).toBeInstanceOf(RequestError);
      expect(e.message).toMatch(words);
    }
    expect(await balance(user.id)).toBe(100);
    expect(await row("SELECT id FROM tasks WHERE buyer_id = ?", user.id)).toBeNull();
  });
});
