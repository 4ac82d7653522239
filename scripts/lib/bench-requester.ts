// The MTurk Requester API's side of the API benchmark (scripts/bench-api.ts): a requester with a key and coins, and
// a HIT with many assignments, played through the app's own operations and services (scripts/lib/history.ts) into a
// generated marketplace's D1 file; and requests signed as the AWS SDKs sign them (SigV4, @smithy/signature-v4), which
// the load replays as they are (a signature holds for 15 minutes).
import { Sha256 } from "@aws-crypto/sha256-js";
import { SignatureV4 } from "@smithy/signature-v4";
import { History } from "./history.ts";

const { HIT_OPERATIONS } = await import("../../app/server/mturk/hit-operations.server.ts");
const { createRequesterKey } = await import("../../app/server/services/requester-keys.server.ts");
const { startTask } = await import("../../app/server/services/slots.server.ts");
const { createSubmission } = await import("../../app/server/services/submissions.server.ts");

export const REQUESTER_EMAIL = "bench-requester@coinwork.dev";
const MINUTE = 60_000;

export interface BenchRequester {
  accessKeyId: string;
  secretAccessKey: string;
  /** the HIT whose assignments ListAssignmentsForHIT pages */
  hitId: string;
}

/**
 * A buyer with a requester key sealed under `keySecret` (the served Worker's MTURK_KEY_SECRET) and 20,000 coins, and
 * a HIT of `assignments` assignments, each started and submitted 20 seconds later by a worker of its own, before `now`.
 */
export async function playRequester(
  dbFile: string,
  opts: { assignments: number; keySecret: string; password: string; now: number },
): Promise<BenchRequester> {
  const start = opts.now - 2 * 60 * MINUTE;
  const h = new History(dbFile, { end: opts.now, password: opts.password, admins: [] });
  // the key is sealed as the served Worker opens it
  (h.env as { MTURK_KEY_SECRET?: string }).MTURK_KEY_SECRET = opts.keySecret;
  let pair = { accessKeyId: "", secretAccessKey: "" };
  let hitId = "";
  try {
    h.at(start, async () => {
      const buyer = await h.signUp({ name: "Bench Requester", email: REQUESTER_EMAIL, role: "Buyer", photo: null });
      for (let i = 0; i < 20; i++) await h.buy(buyer, 1000);
      pair = await createRequesterKey(h.env, h.user(buyer.id), {
        currentPassword: opts.password,
        signedInAt: null,
        origin: "http://localhost",
      });
      const made = (await HIT_OPERATIONS.CreateHIT(h.env, h.user(buyer.id), {
        Title: "Say whether each photo shows a cat",
        Description: "Look at one photo and answer yes or no.",
        // a HIT is judged by whole minutes (at least one): $0.10 for a minute is the $6.00/hour minimum
        Reward: "0.10",
        MaxAssignments: opts.assignments,
        LifetimeInSeconds: 30 * 86_400,
        AssignmentDurationInSeconds: 600,
        Keywords: "image, survey",
      })) as { HIT: { HITId: string } };
      hitId = made.HIT.HITId;
      for (let i = 0; i < opts.assignments; i++)
        h.at(start + MINUTE + i * 10, async () => {
          const worker = await h.signUp({
            name: `Bench Assignee ${i + 1}`,
            email: `bench-assignee-${i}@coinwork.dev`,
            role: "Worker",
            photo: null,
          });
          await startTask(h.env, worker, hitId);
          // 20 seconds of work, judged as a minute: the HIT meets the minimum pay and is not paused by its measure
          h.at(start + MINUTE + i * 10 + 20_000, () =>
            createSubmission(h.env, worker, {
              task_id: hitId,
              submission_details: `Answer ${i + 1}: yes`,
              submission_image_url: "",
            }),
          );
        });
    });
    await h.play();
  } finally {
    h.close();
  }
  return { accessKeyId: pair.accessKeyId, secretAccessKey: pair.secretAccessKey, hitId };
}

/** A request to `<base>/mturk/` as @aws-sdk/client-mturk signs it: headers and body, ready to be sent again. */
export async function signedMturk(base: string, r: BenchRequester, operation: string, input: object) {
  const url = new URL(`${base}/mturk/`);
  const body = JSON.stringify(input);
  const signer = new SignatureV4({
    service: "mturk-requester",
    region: "us-east-1",
    credentials: { accessKeyId: r.accessKeyId, secretAccessKey: r.secretAccessKey },
    sha256: Sha256,
  });
  const signed = await signer.sign({
    method: "POST",
    protocol: url.protocol,
    hostname: url.hostname,
    port: Number(url.port) || undefined,
    path: url.pathname,
    headers: {
      host: url.host,
      "content-type": "application/x-amz-json-1.1",
      "x-amz-target": `MTurkRequesterServiceV20170117.${operation}`,
    },
    body,
  });
  return { url: url.toString(), headers: signed.headers as Record<string, string>, body };
}
