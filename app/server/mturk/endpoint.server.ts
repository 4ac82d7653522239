// One request to the MTurk Requester API: the signature first (nothing runs for a request that fails it), then the
// operation named by X-Amz-Target, answered as AWS JSON 1.1. It arrives at /mturk (its route), or at the root of
// any host of the Worker for a tool whose endpoint can only be a host (workers/app.ts).
import { readBodyBytes } from "../http/body.server";
import { requesterByKey } from "../services/requester-keys.server";
import { OPERATIONS } from "./operations.server";
import { readSignedRequest, verifySignature } from "./signature.server";
import { answer, errorAnswer, MturkError, requestError, TARGET_PREFIX } from "./wire.server";

const MAX_BODY_BYTES = 256 * 1024;

async function run(request: Request, env: Env): Promise<Response> {
  if (request.method !== "POST") throw requestError("The MTurk Requester API takes POST requests only.");
  const parts = readSignedRequest(request);
  const bytes = await readBodyBytes(request, MAX_BODY_BYTES, "The request is too large.");
  const requester = await requesterByKey(env, parts.accessKeyId);
  if (!requester)
    throw new MturkError("UnrecognizedClientException", "The security token included in the request is invalid.");
  await verifySignature(request, bytes, parts, requester.secretAccessKey);
  const body = new TextDecoder().decode(bytes);

  const target = request.headers.get("X-Amz-Target") ?? "";
  if (!target.startsWith(TARGET_PREFIX))
    throw requestError(`X-Amz-Target must name an operation of ${TARGET_PREFIX.slice(0, -1)}.`);
  const name = target.slice(TARGET_PREFIX.length);
  const operation = Object.hasOwn(OPERATIONS, name) ? OPERATIONS[name] : undefined;
  if (!operation)
    throw requestError(
      `The operation ${name} is not supported by Coinwork yet (see /docs/mturk.md).`,
      "AWS.MechanicalTurk.UnsupportedOperation",
    );
  let input: unknown;
  try {
    input = body ? JSON.parse(body) : {};
  } catch {
    throw requestError("The request body is not JSON.");
  }
  if (typeof input !== "object" || input === null || Array.isArray(input))
    throw requestError("The request body must be a JSON object.");
  return answer(await operation(env, requester.user, input as Record<string, unknown>, request));
}

/**
 * Whether a request is the API's at the root path (`POST /` naming an operation of MTurk's in X-Amz-Target), as a
 * client sends it whose endpoint is a host alone (`https://mturk.coinwork.example`). A browser's post to / names none.
 */
export function isMturkRequestAtRoot(request: Request): boolean {
  return (
    request.method === "POST" &&
    new URL(request.url).pathname === "/" &&
    (request.headers.get("X-Amz-Target") ?? "").startsWith(TARGET_PREFIX)
  );
}

export async function mturkEndpoint(request: Request, env: Env): Promise<Response> {
  try {
    return await run(request, env);
  } catch (e) {
    return errorAnswer(e);
  }
}
