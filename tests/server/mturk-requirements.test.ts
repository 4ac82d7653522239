// A HIT's QualificationRequirements as research tools send them (docs/mturk.md, docs/decisions/086), through the real
// AWS SDK (@aws-sdk/client-mturk) inside workerd on real local D1: the requester's own types compared DoesNotExist
// and NotEqualTo, MTurk's Locale against the country each worker gives (at registration, in Settings), and the
// actions each requirement guards: a worker who does not meet one cannot start the task, nor see its question
// (PreviewAndAccept, RequiredToPreview), nor find it at all (DiscoverPreviewAndAccept).
import { describe, expect, it } from "vitest";
import {
  AssociateQualificationWithWorkerCommand,
  CreateHITCommand,
  CreateQualificationTypeCommand,
  GetHITCommand,
  type MTurkClient,
  type QualificationRequirement,
} from "@aws-sdk/client-mturk";
import {
  balance,
  call,
  cookieFrom,
  env,
  funded,
  getPage,
  holds,
  htmlOf,
  postForm,
  postFormFrom,
  row,
  sessionUser,
  uniqueEmail,
  uniqueToken,
  PASSWORD,
} from "./fixtures";
import { hitInput, refusal, requester } from "./fixtures/mturk";
import { startTask } from "~/server/services/slots.server";
import { taskAccess, undiscoverableRowids } from "~/server/services/eligibility.server";
import { listOpenTasks } from "~/server/services/tasks.server";
import { updateProfile } from "~/server/services/accounts.server";
import { getDb } from "~/server/db/client.server";
import { deadlineDay } from "~/lib/deadline";
import { sql } from "drizzle-orm";

const LOCALE = "00000000000000000071";
const APPROVAL_RATE = "000000000000000000L0";

/** A word only this test's task titles hold, for the workers' search. */
const marker = () =>
  `Qz${uniqueToken()
    .replace(/[^a-z0-9]/gi, "")
    .slice(-8)}`;

async function ownType(mturk: MTurkClient) {
  const { QualificationType } = await mturk.send(
    new CreateQualificationTypeCommand({
      Name: `Took part ${uniqueToken()}`,
      Description: "Workers who did an earlier study",
      QualificationTypeStatus: "Active",
    }),
  );
  return QualificationType!.QualificationTypeId!;
}

async function hitWith(mturk: MTurkClient, requirements: QualificationRequirement[], title = `HIT ${marker()}`) {
  const { HIT } = await mturk.send(
    new CreateHITCommand(hitInput({ Title: title, MaxAssignments: 3, QualificationRequirements: requirements })),
  );
  return HIT!;
}

async function workerIn(country: string | null) {
  const w = await funded("Worker", 10);
  await updateProfile(env, await sessionUser(w.id), { name: "Worker Tester", photo: null, country });
  return w;
}

/** Whether starting the task is refused for this worker, and why. */
async function startRefusal(workerId: string, taskId: string): Promise<string | null> {
  return startTask(env, await sessionUser(workerId), taskId).then(
    () => null,
    (e: Error) => e.message,
  );
}

describe("the requester's own qualification types", () => {
  it("keeps holders out with DoesNotExist, and NotEqualTo n lets in holders of any other score", async () => {
    const { user, mturk } = await requester(500);
    const done = await ownType(mturk);
    const scored = await ownType(mturk);
    const notAgain = await hitWith(mturk, [{ QualificationTypeId: done, Comparator: "DoesNotExist" }]);
    const notFive = await hitWith(mturk, [
      { QualificationTypeId: scored, Comparator: "NotEqualTo", IntegerValues: [5] },
    ]);
    const [veteran, newcomer, five, six] = await Promise.all([1, 2, 3, 4].map(() => funded("Worker", 10)));
    await mturk.send(new AssociateQualificationWithWorkerCommand({ QualificationTypeId: done, WorkerId: veteran.id }));
    for (const [w, IntegerValue] of [
      [five, 5],
      [six, 6],
    ] as const)
      await mturk.send(
        new AssociateQualificationWithWorkerCommand({ QualificationTypeId: scored, WorkerId: w.id, IntegerValue }),
      );

    expect(await startRefusal(veteran.id, notAgain.HITId!)).toMatch(/not for workers who hold the qualification/);
    expect(await startRefusal(newcomer.id, notAgain.HITId!)).toBeNull();
    expect(await startRefusal(five.id, notFive.HITId!)).toMatch(/whose score for the qualification .* is 5/);
    expect(await startRefusal(newcomer.id, notFive.HITId!)).toMatch(/you do not hold it/);
    expect(await startRefusal(six.id, notFive.HITId!)).toBeNull();
    expect((await mturk.send(new GetHITCommand({ HITId: notFive.HITId }))).HIT!.QualificationRequirements).toEqual([
      expect.objectContaining({ QualificationTypeId: scored, Comparator: "NotEqualTo", IntegerValues: [5] }),
    ]);
    expect(await holds([user.id, newcomer.id, six.id])).toBe(true);
  });

  it("refuses a requirement it cannot apply by name, making and charging nothing", async () => {
    const { user, mturk } = await requester(500);
    const own = await ownType(mturk);
    for (const [requirement, words] of [
      [{ QualificationTypeId: own, Comparator: "LessThan", IntegerValues: [3] }, "compares LessThan 3"],
      [{ QualificationTypeId: own, Comparator: "Exists", ActionsGuarded: "Everything" }, "ActionsGuarded must be"],
      [
        { QualificationTypeId: LOCALE, Comparator: "EqualTo", LocaleValues: [{ Country: "US", Subdivision: "NY" }] },
        "names the subdivision NY",
      ],
      [{ QualificationTypeId: LOCALE, Comparator: "In", LocaleValues: [{ Country: "XX" }] }, "not an ISO 3166-1"],
      [
        { QualificationTypeId: LOCALE, Comparator: "GreaterThan", LocaleValues: [{ Country: "US" }] },
        "EqualTo, NotEqualTo, In or NotIn",
      ],
    ] as const) {
      const e = await refusal(hitWith(mturk, [requirement as unknown as QualificationRequirement]));
      expect(e.message).toContain(words);
    }
    expect(await balance(user.id)).toBe(500);
    expect(await row("SELECT id FROM tasks WHERE buyer_id = ?", user.id)).toBeNull();
  });
});

describe("Locale: the worker's country", () => {
  it("applies In, EqualTo (one or several, as Dallinger sends it) and NotIn to the country each worker gave", async () => {
    const { mturk } = await requester(500);
    const english = await hitWith(mturk, [
      {
        QualificationTypeId: LOCALE,
        Comparator: "In",
        LocaleValues: [{ Country: "US" }, { Country: "GB" }, { Country: "CA" }],
      },
    ]);
    const dallinger = await hitWith(mturk, [
      { QualificationTypeId: LOCALE, Comparator: "EqualTo", LocaleValues: [{ Country: "us" }, { Country: "NZ" }] },
    ]);
    const notGerman = await hitWith(mturk, [
      { QualificationTypeId: LOCALE, Comparator: "NotIn", LocaleValues: [{ Country: "DE" }] },
    ]);
    const [american, german, kiwi, unsaid] = await Promise.all([
      workerIn("US"),
      workerIn("DE"),
      workerIn("NZ"),
      workerIn(null),
    ]);
    expect(await startRefusal(german.id, english.HITId!)).toBe(
      "This task is for workers in Canada, United Kingdom, United States; your country is Germany.",
    );
    expect(await startRefusal(unsaid.id, english.HITId!)).toMatch(/Add your country in Settings/);
    expect(await startRefusal(american.id, english.HITId!)).toBeNull();
    expect(await startRefusal(kiwi.id, dallinger.HITId!)).toBeNull();
    expect(await startRefusal(german.id, dallinger.HITId!)).toMatch(/New Zealand, United States/);
    expect(await startRefusal(german.id, notGerman.HITId!)).toBe("This task is not for workers in Germany.");
    expect(await startRefusal(unsaid.id, notGerman.HITId!)).toMatch(/Add your country in Settings/);
    expect(await startRefusal(kiwi.id, notGerman.HITId!)).toBeNull();
    const { HIT } = await mturk.send(new GetHITCommand({ HITId: english.HITId }));
    expect(HIT!.QualificationRequirements).toEqual([
      expect.objectContaining({
        QualificationTypeId: LOCALE,
        Comparator: "In",
        LocaleValues: [{ Country: "CA" }, { Country: "GB" }, { Country: "US" }],
      }),
    ]);
  });

  it("asks the country at registration (the visitor's suggested), and lets the worker change it in Settings", async () => {
    // the edge tells the register page the visitor's country
    const form = await htmlOf(await call("/register", { cf: { country: "FR" } } as RequestInit), true);
    expect(form).toMatch(/<option value="FR" selected[^>]*>France<\/option>/);
    const email = uniqueEmail("country");
    const made = await postFormFrom("/register", {
      name: "Claire",
      email,
      password: PASSWORD,
      role: "Worker",
      country: "FR",
    });
    expect(made.status).toBe(302);
    const cookie = cookieFrom(made)!;
    expect(await row("SELECT country FROM users WHERE email = ?", email)).toEqual({ country: "FR" });
    const other = uniqueEmail("country");
    const refused = await postFormFrom("/register", {
      name: "X",
      email: other,
      password: PASSWORD,
      role: "Worker",
      country: "Narnia",
    });
    expect(await htmlOf(refused, true)).toContain("Choose your country from the list");
    expect(await row("SELECT id FROM users WHERE email = ?", other)).toBeNull();

    const saved = await postForm("/dashboard/settings?form=profile", { name: "Claire", country: "BE" }, cookie);
    expect(saved.status).toBe(302);
    expect(await row("SELECT country FROM users WHERE email = ?", email)).toEqual({ country: "BE" });
    const settings = await htmlOf(await getPage("/dashboard/settings", cookie), true);
    expect(settings).toMatch(/<option value="BE" selected[^>]*>Belgium<\/option>/);
  });
});

describe("what an unmet requirement guards", () => {
  it("hides a DiscoverPreviewAndAccept task from the list, the search and its page, and PreviewAndAccept only its question", async () => {
    const { mturk } = await requester(500);
    const word = marker();
    const guarded = (ActionsGuarded: string | undefined, RequiredToPreview?: boolean): QualificationRequirement => ({
      QualificationTypeId: LOCALE,
      Comparator: "EqualTo",
      LocaleValues: [{ Country: "US" }],
      ...(ActionsGuarded ? { ActionsGuarded: ActionsGuarded as QualificationRequirement["ActionsGuarded"] } : {}),
      ...(RequiredToPreview === undefined ? {} : { RequiredToPreview }),
    });
    const hidden = await hitWith(mturk, [guarded("DiscoverPreviewAndAccept")], `Hidden ${word}`);
    const unpreviewed = await hitWith(mturk, [guarded("PreviewAndAccept")], `Listed ${word}`);
    const dallinger = await hitWith(mturk, [guarded(undefined, true)], `Dallinger ${word}`);
    const open = await hitWith(mturk, [guarded("Accept")], `Open ${word}`);
    const [american, german] = await Promise.all([workerIn("US"), workerIn("DE")]);

    const titles = async (cookie: string) => {
      const page = await htmlOf(await getPage(`/dashboard/tasklist?q=${word}`, cookie), true);
      return ["Hidden", "Listed", "Dallinger", "Open"].filter((t) => page.includes(`${t} ${word}`));
    };
    expect(await titles(american.cookie)).toEqual(["Hidden", "Listed", "Dallinger", "Open"]);
    expect(await titles(german.cookie)).toEqual(["Listed", "Dallinger", "Open"]);
    const searched = await listOpenTasks(env, { q: word, workerId: german.id, cards: true });
    expect(searched.total).toBe(3);
    expect((await getPage(`/dashboard/tasklist/${hidden.HITId}`, german.cookie)).status).toBe(404);

    const framed = async (id: string, cookie: string) =>
      (await htmlOf(await getPage(`/dashboard/tasklist/${id}`, cookie), true)).includes(`/mturk/question/${id}`);
    expect(await framed(unpreviewed.HITId!, german.cookie)).toBe(false);
    expect(await framed(dallinger.HITId!, german.cookie)).toBe(false);
    expect(await framed(open.HITId!, german.cookie)).toBe(true);
    expect(await framed(unpreviewed.HITId!, american.cookie)).toBe(true);
    expect(await framed(hidden.HITId!, american.cookie)).toBe(true);
    // the list's count without a search leaves out what is hidden from the worker: here, the one hidden task
    const hiddenCount = async (workerId: string) =>
      (
        await getDb(env).get<{ n: number }>(
          sql`SELECT COUNT(*) AS n FROM (${undiscoverableRowids(workerId, deadlineDay())})`,
        )
      )?.n;
    expect(await hiddenCount(american.id)).toBe(0);
    expect(await hiddenCount(german.id)).toBeGreaterThanOrEqual(1);
    for (const id of [hidden.HITId!, unpreviewed.HITId!, open.HITId!])
      expect(await startRefusal(german.id, id)).toMatch(/your country is Germany/);
  });

  it("judges a discovery-guarded approval rate in the list exactly as where a slot is taken", async () => {
    const { mturk } = await requester(500);
    const word = marker();
    // a new worker's smoothed rate is 80%: 80 lets them in, 81 does not
    const at = async (rate: number) =>
      hitWith(
        mturk,
        [
          {
            QualificationTypeId: APPROVAL_RATE,
            Comparator: "GreaterThanOrEqualTo",
            IntegerValues: [rate],
            ActionsGuarded: "DiscoverPreviewAndAccept",
          },
        ],
        `Rate ${rate} ${word}`,
      );
    const [eighty, eightyOne] = [await at(80), await at(81)];
    const w = await funded("Worker", 10);
    const listed = (await listOpenTasks(env, { q: word, workerId: w.id, cards: true })).items.map((t) => t.id);
    for (const hit of [eighty, eightyOne]) {
      const access = await taskAccess(env, w.id, hit.HITId!);
      expect(listed.includes(hit.HITId!), hit.Title).toBe(access.canDiscover);
    }
    expect(listed).toEqual([eighty.HITId]);
  });
});
