// A HIT's Question on Coinwork (docs/mturk.md, decision 077): stored and read with an XML parser at CreateHIT, framed
// on the worker's task page with MTurk's parameters (the worker's id only once they started), the HTMLQuestion served
// from the question origin (another site) only as a frame, from a signed short-lived address, while the HIT is live,
// its MTurk form action rewritten, and its answer posted to /mturk/externalSubmit as the worker's submission.
import { afterEach, describe, expect, it, vi } from "vitest";
import { exports } from "cloudflare:workers";
import {
  CreateHITCommand,
  ListAssignmentsForHITCommand,
  RequestError,
  UpdateExpirationForHITCommand,
} from "@aws-sdk/client-mturk";
import { balance, env, funded, getPage, holds, htmlOf, row, sessionUser } from "./fixtures";
import { hitInput, refusal, requester } from "./fixtures/mturk";
import { giveBackTask, heldSlotOf, startTask } from "~/server/services/slots.server";
import {
  ADDRESS_EXPIRED,
  ADDRESS_SECONDS,
  FRAME_ONLY,
  HIT_GONE,
  NOT_AVAILABLE,
  NOTHING_HERE,
  questionFrame,
  SIGNATURE_PARAM,
} from "~/server/mturk/question-frame.server";
import { hitQuestionXml } from "~/server/services/hit-questions.server";
import { HIT_SUBMISSION_INFO } from "~/server/mturk/hit-operations.server";
import { QUESTION_POSTED } from "~/lib/hit-question";

const ORIGIN = "https://coinwork.test";
/** Where the tests' Worker serves questions: QUESTION_ORIGIN is not set, so questions.localhost. */
const QUESTIONS = "https://questions.localhost";
const worker = () => (exports as unknown as { default: { fetch: (r: Request) => Promise<Response> } }).default;

/** The question's form as a sandboxed frame posts it: no cookie, origin "null". */
const postAnswer = (fields: Record<string, string>) =>
  worker().fetch(
    new Request(`${ORIGIN}/mturk/externalSubmit`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "null", "Sec-Fetch-Dest": "iframe" },
      body: new URLSearchParams(fields).toString(),
    }),
  );

/** The task page's frame of the HIT's question, its question read as the page reads it. */
const frameOf = async (hitId: string, hold: Parameters<typeof questionFrame>[4]) =>
  questionFrame(
    env,
    new Request(`${ORIGIN}/dashboard/tasklist/${hitId}`),
    hitId,
    await hitQuestionXml(env, hitId),
    hold,
  );

/** A request for a question's address as a browser sends it: a frame's (`iframe`) or a tab's (`document`). */
const open = (src: string, dest: "iframe" | "document" = "iframe") =>
  worker().fetch(new Request(src, { headers: { "Sec-Fetch-Dest": dest } }));

/** A page's Content-Security-Policy, directive by directive. */
function policyOf(res: Response): Record<string, string[]> {
  const header = res.headers.get("Content-Security-Policy") ?? "";
  return Object.fromEntries(
    header.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

afterEach(() => vi.useRealTimers());

describe("a HIT's question", () => {
  it("is served from the question origin only as its task page's frame, and its externalSubmit post is the worker's submission, once", async () => {
    const { user, mturk } = await requester(500);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 2 })));
    const hitId = HIT!.HITId!;
    const w = await funded("Worker", 10);

    // the preview: no assignment, and nothing that names the worker
    const preview = await frameOf(hitId, null);
    expect(preview).toMatchObject({ kind: "html", height: 450, origin: QUESTIONS });
    const previewSrc = new URL(preview!.src);
    expect(previewSrc.searchParams.get("assignmentId")).toBe(NOT_AVAILABLE);
    expect(previewSrc.searchParams.has("workerId")).toBe(false);
    expect(preview!.src).not.toContain(w.id);
    expect((await open(preview!.src)).status).toBe(200);

    await startTask(env, await sessionUser(w.id), hitId);
    const { hold } = await heldSlotOf(env, w.id, hitId);
    const frame = await frameOf(hitId, hold);
    const src = new URL(frame!.src);
    expect(src.origin + src.pathname).toBe(`${QUESTIONS}/mturk/question/${hitId}`);
    expect(Object.fromEntries(src.searchParams)).toMatchObject({ hitId, workerId: w.id, turkSubmitTo: ORIGIN });
    const assignmentId = src.searchParams.get("assignmentId")!;
    expect(assignmentId).toMatch(/^[0-9A-F]{32}$/);
    // the same hold keeps its assignmentId
    expect(new URL((await frameOf(hitId, hold))!.src).searchParams.get("assignmentId")).toBe(assignmentId);

    const page = await open(src.href);
    expect(page.status).toBe(200);
    const policy = policyOf(page);
    expect(policy.sandbox).toEqual(["allow-scripts", "allow-forms", "allow-popups", "allow-popups-to-escape-sandbox"]);
    expect(policy["frame-ancestors"]).toEqual([ORIGIN]);
    expect(policy["form-action"]).toEqual([ORIGIN]);
    expect(page.headers.get("X-Frame-Options")).toBeNull();
    expect(page.headers.get("Set-Cookie")).toBeNull();
    const html = await page.text();
    expect(html).toContain(`action="${ORIGIN}/mturk/externalSubmit"`);
    expect(html).not.toContain("www.mturk.com");
    expect(html).toContain(`value="${assignmentId}"`);

    // opened in a tab of its own, without its signature, with another HIT's, or with a signature gone stale: a line
    // of text, never the question
    const topLevel = await open(src.href, "document");
    expect(topLevel.status).toBe(403);
    expect(await topLevel.text()).toBe(FRAME_ONLY);
    const unsigned = new URL(src);
    unsigned.searchParams.delete(SIGNATURE_PARAM);
    const otherHit = new URL(src);
    otherHit.pathname = `/mturk/question/${(await mturk.send(new CreateHITCommand(hitInput()))).HIT!.HITId}`;
    const tampered = new URL(src);
    tampered.searchParams.set(SIGNATURE_PARAM, `${src.searchParams.get(SIGNATURE_PARAM)!.slice(0, -4)}AAAA`);
    vi.useFakeTimers({ now: Date.now() - (ADDRESS_SECONDS + 5) * 1000, toFake: ["Date"] });
    const stale = await frameOf(hitId, hold);
    vi.useRealTimers();
    for (const address of [unsigned.href, otherHit.href, tampered.href, stale!.src]) {
      const refused = await open(address);
      expect(refused.status, address).toBe(403);
      expect(await refused.text()).toBe(ADDRESS_EXPIRED);
    }
    // on Coinwork's own origin the path answers nothing a browser could show
    const onApp = await worker().fetch(new Request(`${ORIGIN}/mturk/question/${hitId}${src.search}`));
    expect(onApp.status).toBe(404);
    expect(await onApp.text()).toBe("");
    // and the question origin answers nothing of the app
    for (const path of ["/", "/login", "/dashboard/workerhome", `/mturk/question/${hitId}/x`]) {
      const res = await open(`${QUESTIONS}${path}`, "document");
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe(NOTHING_HERE);
    }

    const sent = await postAnswer({ assignmentId, cat: "yes, a tabby" });
    expect(sent.status).toBe(200);
    const sentPage = await sent.text();
    expect(sentPage).toContain("Your work was sent");
    // in the frame, the way back opens a tab of its own
    expect(sentPage).toContain('<a href="/dashboard/tasklist" target="_blank" rel="noopener"');
    const submission = await row<{ id: string; status: string; submission_details: string }>(
      "SELECT id, status, submission_details FROM submissions WHERE task_id = ? AND worker_id = ?",
      hitId,
      w.id,
    );
    expect(submission).toMatchObject({ status: "pending", submission_details: "cat: yes, a tabby" });
    const { Assignments } = await mturk.send(new ListAssignmentsForHITCommand({ HITId: hitId }));
    expect(Assignments![0].Answer).toContain(
      "<Answer><QuestionIdentifier>cat</QuestionIdentifier><FreeText>yes, a tabby</FreeText></Answer>",
    );
    // the sent assignment's address no longer opens the question (its hold is gone); the preview's does while a
    // slot is open
    expect(await (await open(src.href)).text()).toBe(HIT_GONE);
    expect((await open((await frameOf(hitId, null))!.src)).status).toBe(200);

    // single use; an unknown or not-yet-started assignment sends nothing
    const again = await postAnswer({ assignmentId, cat: "no" });
    expect(again.status).toBe(404);
    expect((await postAnswer({ assignmentId: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", cat: "x" })).status).toBe(404);
    expect((await postAnswer({ assignmentId: NOT_AVAILABLE, cat: "x" })).status).toBe(400);
    // a page in a tab of its own (an ExternalQuestion opened on its own) follows its way back in place
    const inTab = await worker().fetch(
      new Request(`${ORIGIN}/mturk/externalSubmit`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Dest": "document" },
        body: new URLSearchParams({ assignmentId, cat: "again" }).toString(),
      }),
    );
    expect(await inTab.text()).toMatch(/<a href="\/dashboard\/tasklist" style=/);
    expect(await row<{ n: number }>("SELECT COUNT(*) AS n FROM submissions WHERE task_id = ?", hitId)).toEqual({
      n: 1,
    });
    expect(await balance(w.id)).toBe(10);
    expect(await holds([user.id, w.id])).toBe(true);
  });

  it("is served only while its HIT is live: a preview while a slot is open, a started worker's while their hold stands", async () => {
    const { mturk } = await requester(500);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 2 })));
    const hitId = HIT!.HITId!;
    const w = await funded("Worker", 10);
    await startTask(env, await sessionUser(w.id), hitId);
    const started = await frameOf(hitId, (await heldSlotOf(env, w.id, hitId)).hold);
    const preview = await frameOf(hitId, null);
    expect((await open(preview!.src)).status).toBe(200);

    expect((await open(started!.src)).status).toBe(200);
    // the worker gives the task back: their address no longer serves, the preview's still does
    await giveBackTask(env, await sessionUser(w.id), hitId);
    expect((await open(started!.src)).status).toBe(404);
    expect((await open(preview!.src)).status).toBe(200);

    // expired now (which ends every start too, decision 074): neither is served
    await mturk.send(new UpdateExpirationForHITCommand({ HITId: hitId, ExpireAt: new Date(Date.now() - 1000) }));
    const gone = await open(preview!.src);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toBe(HIT_GONE);
  });

  it("is the only frame the task page's policy lets in: the question origin for an HTMLQuestion, the requester's site for an ExternalQuestion", async () => {
    const { mturk } = await requester(500);
    const html = (await mturk.send(new CreateHITCommand(hitInput()))).HIT!.HITId!;
    const external = (
      await mturk.send(
        new CreateHITCommand(
          hitInput({
            Question: `<ExternalQuestion xmlns="http://mechanicalturk.amazonaws.com/AWSMechanicalTurkDataSchemas/2006-07-14/ExternalQuestion.xsd"><ExternalURL>https://survey.example.org/run</ExternalURL><FrameHeight>0</FrameHeight></ExternalQuestion>`,
          }),
        ),
      )
    ).HIT!.HITId!;
    const w = await funded("Worker", 10);
    const frameSrc = async (hitId: string) => {
      const page = await getPage(`/dashboard/tasklist/${hitId}`, w.cookie);
      expect(page.status).toBe(200);
      await page.arrayBuffer();
      return policyOf(page)["frame-src"];
    };
    expect(await frameSrc(html)).toEqual(["'self'", QUESTIONS]);
    expect(await frameSrc(external)).toEqual(["'self'", "https://survey.example.org"]);
  });

  it("frames an ExternalQuestion's https page with MTurk's parameters, the worker's id only once they started", async () => {
    const { mturk } = await requester(500);
    const { HIT } = await mturk.send(
      new CreateHITCommand(
        hitInput({
          Question: `<ExternalQuestion xmlns="http://mechanicalturk.amazonaws.com/AWSMechanicalTurkDataSchemas/2006-07-14/ExternalQuestion.xsd"><ExternalURL>https://survey.example.org/run?study=7&amp;x=1</ExternalURL><FrameHeight>0</FrameHeight></ExternalQuestion>`,
        }),
      ),
    );
    const w = await funded("Worker", 10);
    const frame = await frameOf(HIT!.HITId!, null);
    const src = new URL(frame!.src);
    expect(frame).toMatchObject({ kind: "external", height: 600, origin: "https://survey.example.org" });
    expect(src.origin + src.pathname).toBe("https://survey.example.org/run");
    expect(Object.fromEntries(src.searchParams)).toEqual({
      study: "7",
      x: "1",
      assignmentId: NOT_AVAILABLE,
      hitId: HIT!.HITId,
      turkSubmitTo: ORIGIN,
    });
    await startTask(env, await sessionUser(w.id), HIT!.HITId!);
    const started = new URL((await frameOf(HIT!.HITId!, (await heldSlotOf(env, w.id, HIT!.HITId!)).hold))!.src);
    expect(started.searchParams.get("workerId")).toBe(w.id);
    expect(started.searchParams.get("assignmentId")).toMatch(/^[0-9A-F]{32}$/);
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

describe("a HIT's task page once its frame has posted (docs/decisions/093-a-hit-page-learns-its-work-was-sent.md)", () => {
  it("the sent page in the frame tells the task page, to Coinwork's origin only, with a script its policy names", async () => {
    const { mturk } = await requester(500);
    const hitId = (await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 2 })))).HIT!.HITId!;
    const w = await funded("Worker", 10);
    await startTask(env, await sessionUser(w.id), hitId);
    const assignmentId = new URL(
      (await frameOf(hitId, (await heldSlotOf(env, w.id, hitId)).hold))!.src,
    ).searchParams.get("assignmentId")!;
    const sent = await postAnswer({ assignmentId, cat: "yes" });
    expect(sent.status).toBe(200);
    const nonce = /^'nonce-([A-Za-z0-9]+)'$/.exec(policyOf(sent)["script-src"]?.[0] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(policyOf(sent)["default-src"]).toEqual(["'none'"]);
    const html = await sent.text();
    expect(html).toContain(
      `<script nonce="${nonce}">if (parent !== window) parent.postMessage(${JSON.stringify(QUESTION_POSTED)}, "${ORIGIN}");</script>`,
    );
    // each answer its own nonce; a refusal tells the task page too (it reads its state again either way)
    const refused = await postAnswer({ assignmentId, cat: "again" });
    expect(refused.status).toBe(404);
    const other = /^'nonce-([A-Za-z0-9]+)'$/.exec(policyOf(refused)["script-src"]?.[0] ?? "")?.[1];
    expect(other).toBeTruthy();
    expect(other).not.toBe(nonce);
    expect(await refused.text()).toContain("parent.postMessage");
    // a page in a tab of its own has no parent to tell
    const inTab = await worker().fetch(
      new Request(`${ORIGIN}/mturk/externalSubmit`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Dest": "document" },
        body: new URLSearchParams({ assignmentId, cat: "again" }).toString(),
      }),
    );
    expect(await inTab.text()).not.toContain("<script");
  });

  it("while started shows the frame as the one way to send; once sent, the work as sent: no frame, countdown, give-back or proof form", async () => {
    const { mturk } = await requester(500);
    const hitId = (
      await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 2, Keywords: "survey, opinions" })))
    ).HIT!.HITId!;
    const w = await funded("Worker", 10);
    // the page's markup without its scripts: the words of every worker page travel in its data (docs/decisions/097)
    const page = async () =>
      (await htmlOf(await getPage(`/dashboard/tasklist/${hitId}`, w.cookie), true)).replace(
        /<script[\s\S]*?<\/script>/g,
        "",
      );
    await startTask(env, await sessionUser(w.id), hitId);
    const started = await page();
    expect(started).toContain('data-testid="hit-question"');
    expect(started).toContain("Give the task back");
    expect(started).toContain('data-testid="hit-send-note"');
    expect(started).not.toContain("Submit Task");
    expect(started).not.toContain('id="task-submission"');
    // its Keywords are words to find it by, not what to submit
    expect(started).toContain(HIT_SUBMISSION_INFO.question);
    expect(started).not.toContain("survey, opinions");

    const src = new URL((await frameOf(hitId, (await heldSlotOf(env, w.id, hitId)).hold))!.src);
    expect((await postAnswer({ assignmentId: src.searchParams.get("assignmentId")!, cat: "yes" })).status).toBe(200);
    const sent = await page();
    expect(sent).toContain('data-testid="hit-work-sent"');
    expect(sent).toContain("Your work was sent");
    expect(sent).toContain("Your submission for this task is waiting for review.");
    for (const gone of [
      'data-testid="hit-question"',
      "Give the task back",
      "Submit Task",
      'data-testid="hit-send-note"',
    ])
      expect(sent, gone).not.toContain(gone);
    expect(sent).not.toMatch(/\d+ (minutes?|hours?) left/);
    // and its policy frames nothing from the question origin any more
    const res = await getPage(`/dashboard/tasklist/${hitId}`, w.cookie);
    expect(policyOf(res)["frame-src"]).toEqual(["'none'"]);
  });

  it("a HIT's What to submit is never its Keywords: a HIT without a question is answered as its description asks, and HITs made before are rewritten", async () => {
    const { mturk } = await requester(500);
    const plain = (await mturk.send(new CreateHITCommand(hitInput({ Keywords: "translation", Question: undefined }))))
      .HIT!.HITId!;
    const framed = (await mturk.send(new CreateHITCommand(hitInput({ Keywords: "data entry, typing" })))).HIT!.HITId!;
    const infoOf = async (id: string) =>
      (await row<{ submission_info: string }>("SELECT submission_info FROM tasks WHERE id = ?", id))!.submission_info;
    expect(await infoOf(plain)).toBe(HIT_SUBMISSION_INFO.none);
    expect(await infoOf(framed)).toBe(HIT_SUBMISSION_INFO.question);
    // as a HIT made before migrations/0075 was stored (its Keywords as its submission info), and one whose buyer
    // wrote their own words there since: the migration's statement rewrites the first only
    const own = (await mturk.send(new CreateHITCommand(hitInput({ Keywords: "survey" })))).HIT!.HITId!;
    for (const [id, info] of [
      [plain, "translation"],
      [framed, "data entry, typing"],
      [own, "A screenshot of your answers"],
    ])
      await env.DB.prepare("UPDATE tasks SET submission_info = ? WHERE id = ?").bind(info, id).run();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0075_"))!;
    for (const query of migration.queries) await env.DB.prepare(query).run();
    expect(await infoOf(plain)).toBe(HIT_SUBMISSION_INFO.none);
    expect(await infoOf(framed)).toBe(HIT_SUBMISSION_INFO.question);
    expect(await infoOf(own)).toBe("A screenshot of your answers");
  });
});
