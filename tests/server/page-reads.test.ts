// How many times a signed-in page calls D1 (docs/decisions/068): the session check, then one step of reads, each
// read that does not depend on another's rows sent in the same batch. A page that starts waiting on one read before
// the next makes more calls, and every call is a fixed cost on the page's time.
import { describe, expect, it } from "vitest";
import {
  env,
  makeAdmin,
  messageAs,
  registerUser,
  sessionUser,
  submissionBy,
  taskOf,
  uniqueToken,
  type TestUser,
} from "./fixtures";
import { createQualification } from "~/server/services/qualifications.server";
import { FaultyD1, NO_FAULTS } from "./fixtures/faults";
import { callWith, requestTo } from "./fixtures/stripe";

/** The D1 calls of one GET of `path` as `user`, and its status. */
async function callsOf(path: string, user: TestUser) {
  const binding = new FaultyD1(env.DB, NO_FAULTS, () => 1, { before: 0, after: 0, afterCommit: 0, writeBatches: 0 });
  const res = await callWith({ ...env, DB: binding }, requestTo(path, { headers: { Cookie: user.cookie } }));
  await res.arrayBuffer();
  return { status: res.status, calls: binding.calls };
}

describe("a signed-in page calls D1 twice: the session check, then one batch of its reads", () => {
  it("every dashboard page with its lists filled", async () => {
    const [buyer, worker, admin] = await Promise.all([
      registerUser("Buyer", "Pages Buyer"),
      registerUser("Worker", "Pages Worker"),
      makeAdmin(),
    ]);
    const task = await taskOf(buyer, { required_workers: 3, payable_amount: 2 });
    const submission = await submissionBy(worker, task.id);
    // a conversation for the buyer's Messages
    await messageAs(worker, submission.id, "Is it right?");
    const test = await createQualification(env, await sessionUser(buyer.id), {
      name: `Pages ${uniqueToken()}`,
      description: "A test on the worker's Tests page.",
      retake_hours: 1,
      questions: [{ prompt: "Which is spelled right?", choices: ["recieve", "receive"], answer: 2 }],
    });
    const pages: [string, TestUser][] = [
      ["/dashboard/workerhome", worker],
      ["/dashboard/tasklist", worker],
      ["/dashboard/mysubmissions", worker],
      ["/dashboard/withdraw", worker],
      ["/dashboard/buyerhome", buyer],
      ["/dashboard/mytasks", buyer],
      ["/dashboard/paymenthistory", buyer],
      ["/dashboard/adminhome", admin],
      ["/dashboard/manageusers", admin],
      ["/dashboard/managetasks", admin],
      ["/dashboard/auditlog", admin],
      ["/dashboard/messages", admin],
      // (not the Ledger: it reads every user's rows in a second step when the running totals do not balance, and
      // another test's deliberate imbalance may be in the shared database at any moment)
      ["/dashboard/notifications", worker],
      ["/dashboard/inbox", buyer],
      ["/dashboard/settings", worker],
      ["/dashboard/purchasecoin", buyer],
      ["/dashboard/addtask", buyer],
      [`/dashboard/updatetask/${task.id}`, buyer],
      ["/dashboard/bonuses", buyer],
      ["/dashboard/apikeys", buyer],
      ["/dashboard/qualifications", buyer],
      [`/dashboard/qualifications/${test.id}`, buyer],
      [`/dashboard/tasklist/${task.id}`, worker],
      [`/dashboard/mysubmissions/${submission.id}`, worker],
      ["/dashboard/alerts", worker],
      ["/dashboard/tests", worker],
      [`/dashboard/tests/${test.id}`, worker],
      ["/dashboard/appeals", admin],
    ];
    for (const [path, user] of pages) {
      const { status, calls } = await callsOf(path, user);
      expect(status, path).toBe(200);
      expect(calls, path).toBe(2);
    }
    // a later page of My Submissions is read at the worker's own page size, which it reads first
    expect((await callsOf("/dashboard/mysubmissions?page=2", worker)).calls).toBe(3);
  });
});
