// AWS Signature Version 4 as the MTurk Requester API receives it: the request's signature is recomputed with the
// SDKs' own signer (@smithy/signature-v4, SHA-256 from @aws-crypto) over exactly the headers, path, host and body
// as received, under the secret of the key it names, and compared. Nothing runs before this says yes.
import { Sha256 } from "@aws-crypto/sha256-js";
import { SignatureV4 } from "@smithy/signature-v4";
import { MturkError } from "./wire.server";

export const SIGNING_SERVICE = "mturk-requester";
/**
 * The body's hash as the client states it. The JavaScript SDK sends and signs it; boto3 sends none. The signer
 * would take a signed one on trust, so it must be the hash of the body that arrived.
 */
const CONTENT_SHA256 = "x-amz-content-sha256";
/** What a client sends in CONTENT_SHA256 to leave the body out of the signature (S3's streaming uploads). */
const UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
/** A signed request older (or newer) than this is refused, as AWS does. */
export const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;

export interface SignedRequestParts {
  accessKeyId: string;
  region: string;
  signedHeaders: string[];
  signature: string;
  signedAt: Date;
}

const invalid = (message: string) => new MturkError("InvalidSignatureException", message);

/** "20261126T123456Z" as a Date, or null. */
function parseAmzDate(value: string | null): Date | null {
  if (!value || !/^\d{8}T\d{6}Z$/.test(value)) return null;
  const iso = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T${value.slice(9, 11)}:${value.slice(11, 13)}:${value.slice(13, 15)}Z`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The Authorization header's parts: `AWS4-HMAC-SHA256 Credential=…/date/region/service/aws4_request, SignedHeaders=…, Signature=…`. */
export function readSignedRequest(request: Request, now = Date.now()): SignedRequestParts {
  const header = request.headers.get("Authorization");
  if (!header) throw new MturkError("MissingAuthenticationTokenException", "Request is missing Authentication Token");
  const [algorithm, ...rest] = header.trim().split(/\s+/);
  if (algorithm !== "AWS4-HMAC-SHA256")
    throw new MturkError("IncompleteSignatureException", "Unsupported signing algorithm.");
  const fields = new Map(
    rest
      .join("")
      .split(",")
      .map((part) => {
        const at = part.indexOf("=");
        return [part.slice(0, at), part.slice(at + 1)] as const;
      }),
  );
  const credential = fields.get("Credential")?.split("/") ?? [];
  const signedHeaders = fields.get("SignedHeaders")?.split(";").filter(Boolean) ?? [];
  const signature = fields.get("Signature") ?? "";
  if (credential.length !== 5 || credential[4] !== "aws4_request" || !signedHeaders.length || !signature)
    throw new MturkError(
      "IncompleteSignatureException",
      "Authorization header requires 'Credential', 'SignedHeaders' and 'Signature'.",
    );
  if (credential[3] !== SIGNING_SERVICE)
    throw invalid(`Credential should be scoped to correct service: '${SIGNING_SERVICE}'.`);
  if (!signedHeaders.includes("host")) throw invalid("The host header must be signed.");
  const signedAt = parseAmzDate(request.headers.get("X-Amz-Date"));
  if (!signedAt) throw new MturkError("IncompleteSignatureException", "The request must carry a valid X-Amz-Date.");
  if (Math.abs(now - signedAt.getTime()) > MAX_CLOCK_SKEW_MS)
    throw invalid(
      `Signature expired: ${request.headers.get("X-Amz-Date")} is now more than 15 minutes from the server's time.`,
    );
  return { accessKeyId: credential[0], region: credential[2], signedHeaders, signature, signedAt };
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * The signature must cover the body that arrived: a stated hash (CONTENT_SHA256) that is not the received body's,
 * or that opts out of covering it, is refused. Without one the signer hashes the received body itself.
 */
async function checkStatedBodyHash(request: Request, body: Uint8Array<ArrayBuffer>): Promise<void> {
  const stated = request.headers.get(CONTENT_SHA256);
  if (stated === null) return;
  if (stated === UNSIGNED_PAYLOAD)
    throw invalid(`${UNSIGNED_PAYLOAD} is not accepted: the signature must cover the request's body.`);
  if (stated !== hex(await crypto.subtle.digest("SHA-256", body)))
    throw invalid("The X-Amz-Content-SHA256 header is not the SHA-256 of the body received.");
}

/** Recomputes the signature of the request over the body received under `secretAccessKey`; throws when it differs. */
export async function verifySignature(
  request: Request,
  body: Uint8Array<ArrayBuffer>,
  parts: SignedRequestParts,
  secretAccessKey: string,
): Promise<void> {
  await checkStatedBodyHash(request, body);
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  for (const name of parts.signedHeaders) {
    const value = request.headers.get(name);
    if (value === null) throw invalid(`The signed header ${name} is missing.`);
    headers[name] = value;
  }
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? [query[k]].flat().concat(v) : v;
  const signer = new SignatureV4({
    credentials: { accessKeyId: parts.accessKeyId, secretAccessKey },
    region: parts.region,
    service: SIGNING_SERVICE,
    sha256: Sha256,
    // the client decides whether it sent x-amz-content-sha256; the signer must not add one
    applyChecksum: false,
  });
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: url.protocol,
      hostname: url.hostname,
      path: url.pathname,
      query,
      headers,
      body,
    },
    { signingDate: parts.signedAt, signableHeaders: new Set(parts.signedHeaders) },
  );
  const expected = /Signature=([0-9a-f]+)/.exec(String(signed.headers.authorization ?? signed.headers.Authorization));
  if (!expected || !sameText(expected[1], parts.signature))
    throw invalid(
      "The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.",
    );
}
