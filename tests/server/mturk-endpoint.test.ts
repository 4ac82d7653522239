// The MTurk Requester API's door, driven by the real AWS SDK (@aws-sdk/client-mturk) inside workerd: a signature
// covers the body that arrived (a body changed after signing is refused, and nothing runs), and the API answers at
// the root path too, for a client whose endpoint is a host alone, without changing what browsers get at /.
import { describe, expect, it } from "vitest";
import {
  CreateHITCommand,
  GetAccountBalanceCommand,
  ListHITsCommand,
  GetFileUploadURLCommand,
  type MTurkClient,
  RequestError,
  SendBonusCommand,
  type ServiceInputTypes,
  type ServiceOutputTypes,
} from "@aws-sdk/client-mturk";
import type { HttpRequest } from "@smithy/protocol-http";
import type { FinalizeRequestMiddleware } from "@smithy/types";
import { balance, BASE, call, getPage, holds, htmlOf, postForm, row, uniqueToken } from "./fixtures";
import { approvedAssignment, hitInput, mturkClient as client, refusal, requester } from "./fixtures/mturk";
import { CACHE_STATUS_HEADER } from "~/server/http/page-cache.server";
import { CONTENT_TYPE } from "~/server/mturk/wire.server";

const BODY_HASH_HEADER = "x-amz-content-sha256";

/** The body as the SDK serialised it (bytes), as text. */
const bodyText = (body: unknown) => (typeof body === "string" ? body : new TextDecoder().decode(body as Uint8Array));

/**
 * Changes the request after the SDK signed it, as a party between the client and Coinwork could: `edit` gets the
 * signed request (its body as text) and returns the body to send instead.
 */
function changedAfterSigning(mturk: MTurkClient, edit: (body: string, request: HttpRequest) => string): MTurkClient {
  const change: FinalizeRequestMiddleware<ServiceInputTypes, ServiceOutputTypes> = (next) => async (args) => {
    const request = args.request as HttpRequest;
    request.body = edit(bodyText(request.body), request);
    return next(args);
  };
  mturk.middlewareStack.addRelativeTo(change, {
    relation: "after",
    toMiddleware: "httpSigningMiddleware",
    name: "changeAfterSigning",
  });
  return mturk;
}

/** $0.05 signed, $9.95 sent: the same length, so Content-Length (signed by the JavaScript SDK) still fits. */
const tenfoldBonus = (body: string) => {
  const changed = body.replace('"BonusAmount":"0.05"', '"BonusAmount":"9.95"');
  expect(changed, "the middleware changed the amount").not.toBe(body);
  return changed;
};

describe("a signature covers the body that arrived", () => {
  it("refuses a SendBonus of $0.05 resent as $9.95 after signing, paying nothing; the request as signed pays once", async () => {
    const { user, worker, assignmentId, key, secret } = await approvedAssignment(1_000);
    const bonus = {
      WorkerId: worker.id,
      AssignmentId: assignmentId,
      BonusAmount: "0.05",
      Reason: "Thanks",
      UniqueRequestToken: uniqueToken("bonus"),
    };
    const [buyerBefore, workerBefore] = [await balance(user.id), await balance(worker.id)];

    let stated: string | undefined;
    const tampered = changedAfterSigning(client(key, secret), (body, request) => {
      stated = request.headers[BODY_HASH_HEADER];
      return tenfoldBonus(body);
    });
    const refused = await refusal(tampered.send(new SendBonusCommand(bonus)));
    // the JavaScript SDK states (and signs) the body's hash in a header: the one of the body it signed
    expect(stated).toMatch(/^[0-9a-f]{64}$/);
    expect(refused.name).toBe("InvalidSignatureException");
    expect(refused.message).toMatch(/SHA-256 of the body received/);
    expect(await balance(user.id)).toBe(buyerBefore);
    expect(await balance(worker.id)).toBe(workerBefore);
    expect(await row("SELECT id FROM bonuses WHERE submission_id = ?", assignmentId)).toBeNull();

    // the refused request used nothing up: the same bonus, unchanged, pays its one coin
    await client(key, secret).send(new SendBonusCommand(bonus));
    expect(await balance(worker.id)).toBe(workerBefore + 1);
    expect(await balance(user.id)).toBe(buyerBefore - 1);
    expect(await holds([user.id, worker.id])).toBe(true);
  });

  it("signs over the received body's hash when no hash header is sent (boto3's way), so a changed body fails", async () => {
    const { user, worker, assignmentId, key, secret } = await approvedAssignment(1_000);
    const bonus = { WorkerId: worker.id, AssignmentId: assignmentId, BonusAmount: "0.05", Reason: "Thanks" };
    const [buyerBefore, workerBefore] = [await balance(user.id), await balance(worker.id)];
    const headerless = (body: string, request: HttpRequest) => {
      expect(request.headers[BODY_HASH_HEADER], "signed as boto3 signs").toBeUndefined();
      return body;
    };
    // the same shape unchanged is accepted...
    const plain = changedAfterSigning(client(key, secret, { withoutBodyHashHeader: true }), headerless);
    expect((await plain.send(new GetAccountBalanceCommand({}))).AvailableBalance).toBe((buyerBefore / 20).toFixed(2));
    // ...and changed after signing it is not
    const tampered = changedAfterSigning(client(key, secret, { withoutBodyHashHeader: true }), (body, request) =>
      tenfoldBonus(headerless(body, request)),
    );
    const refused = await refusal(tampered.send(new SendBonusCommand(bonus)));
    expect(refused.name).toBe("InvalidSignatureException");
    expect(await balance(worker.id)).toBe(workerBefore);
    expect(await balance(user.id)).toBe(buyerBefore);
  });

  it("refuses UNSIGNED-PAYLOAD, even for the body as sent", async () => {
    const { user, worker, assignmentId, key, secret } = await approvedAssignment(1_000);
    const mturk = client(key, secret);
    // stated before signing: the signer then signs UNSIGNED-PAYLOAD in place of the body's hash
    mturk.middlewareStack.add(
      (next) => async (args) => {
        (args.request as HttpRequest).headers[BODY_HASH_HEADER] = "UNSIGNED-PAYLOAD";
        return next(args);
      },
      { step: "build", name: "unsignedPayload" },
    );
    const workerBefore = await balance(worker.id);
    const refused = await refusal(
      mturk.send(
        new SendBonusCommand({ WorkerId: worker.id, AssignmentId: assignmentId, BonusAmount: "0.05", Reason: "x" }),
      ),
    );
    expect(refused.name).toBe("InvalidSignatureException");
    expect(refused.message).toContain("UNSIGNED-PAYLOAD");
    expect(await balance(worker.id)).toBe(workerBefore);
    expect(await holds([user.id, worker.id])).toBe(true);
  });
});

describe("the API at the root path, for an endpoint that is a host alone", () => {
  it("answers the SDK whose endpoint is the origin alone (POST /) as at /mturk: signed, escrowed, refused alike", async () => {
    const { user, key, secret } = await requester(1_000);
    const paths: string[] = [];
    const atRoot = changedAfterSigning(client(key, secret, { endpoint: BASE }), (body, request) => {
      paths.push(request.path);
      return body;
    });
    expect((await atRoot.send(new GetAccountBalanceCommand({}))).AvailableBalance).toBe("50.00");
    const { HIT } = await atRoot.send(new CreateHITCommand(hitInput({ MaxAssignments: 2 })));
    expect(await balance(user.id)).toBe(980);
    expect((await atRoot.send(new ListHITsCommand({}))).HITs!.map((h) => h.HITId)).toEqual([HIT!.HITId]);
    // what the SDK sent: the root path, and nothing else
    expect(new Set(paths)).toEqual(new Set(["/"]));

    const wrong = await refusal(
      client(key, secret.slice(1) + "x", { endpoint: BASE }).send(new CreateHITCommand(hitInput())),
    );
    expect(wrong.name).toBe("InvalidSignatureException");
    const unsupported = await refusal(
      atRoot.send(new GetFileUploadURLCommand({ AssignmentId: "x", QuestionIdentifier: "photo" })),
    );
    expect(unsupported).toBeInstanceOf(RequestError);
    expect(unsupported.message).toContain("GetFileUploadURL");
    expect(await balance(user.id)).toBe(980);
    expect(await holds([user.id])).toBe(true);
  });

  it("leaves / to browsers: the landing page still comes from the edge cache, a form post or another service's call is no API call", async () => {
    const { key, secret } = await requester(100);
    const landing = `/?probe=${uniqueToken()}`;
    const cachedLanding = async () => {
      let res: Response | undefined;
      await expect
        .poll(async () => (res = await getPage(landing)).headers.get(CACHE_STATUS_HEADER), { timeout: 15_000 })
        .toBe("hit");
      expect(await htmlOf(res!)).toContain("Find the best micro-jobs and earn real coins");
    };
    await getPage(landing);
    await cachedLanding();
    // an API call at the root path between two visits: the stored page is still the one served
    await client(key, secret, { endpoint: BASE }).send(new GetAccountBalanceCommand({}));
    await cachedLanding();
    // a browser that sends the header on a GET gets the page
    const browsing = await call("/", {
      headers: { "X-Amz-Target": "MTurkRequesterServiceV20170117.GetAccountBalance" },
    });
    expect(browsing.status).toBe(200);
    expect(await htmlOf(browsing)).toContain("Find the best micro-jobs and earn real coins");

    // posts to / that name no MTurk operation are answered by the site as before, never as the API
    const form = await postForm("/", { q: "cats" });
    const otherService = await call("/", {
      method: "POST",
      headers: { "Content-Type": "application/x-amz-json-1.0", "X-Amz-Target": "DynamoDB_20120810.ListTables" },
      body: "{}",
    });
    for (const res of [form, otherService]) {
      expect(res.status).toBe(405);
      expect(res.headers.get("Content-Type")).not.toBe(CONTENT_TYPE);
    }
  });
});
