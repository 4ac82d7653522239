// A page served from the edge cache carries the Content-Security-Policy nonce of the render that was stored. A
// nonce must never repeat (whoever saw one could inject a script that runs), so every cached answer gets a fresh
// one: in the policy header and in every element that carries the old one (scripts, module preloads, styles). A
// stored page is split at its nonce once, so that each answer is a copy with the new nonce spliced in.

const POLICY_HEADERS = ["Content-Security-Policy", "Content-Security-Policy-Report-Only"];
const POLICY_NONCE = /'nonce-([A-Za-z0-9+/_=-]+)'/;

/** 128 random bits, base64: what a CSP nonce needs. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** The nonce a response's policy names, or null when it has no nonce-based policy. */
export function policyNonce(headers: Headers): string | null {
  for (const name of POLICY_HEADERS) {
    const found = POLICY_NONCE.exec(headers.get(name) ?? "");
    if (found) return found[1];
  }
  return null;
}

/** A page split where its render wrote its CSP nonce: it can be answered under a new nonce at the cost of a copy. */
export interface NoncedPage {
  status: number;
  headers: [string, string][];
  /** the body, split at each occurrence of `nonce` (one part when the page has no nonce policy) */
  parts: Uint8Array<ArrayBuffer>[];
  nonce: string | null;
}

/** The offsets at which `needle` occurs in `bytes`. */
function occurrences(bytes: Uint8Array, needle: Uint8Array): number[] {
  const found: number[] = [];
  const first = needle[0];
  for (let i = bytes.indexOf(first); i !== -1 && i <= bytes.length - needle.length; i = bytes.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && bytes[i + j] === needle[j]) j++;
    if (j === needle.length) found.push(i);
  }
  return found;
}

/**
 * Reads a stored page once and splits it at its nonce. The nonce is 128 random bits chosen by the render that made
 * the page, so it occurs only where that render wrote it (the `nonce` attributes of its scripts, preloads and
 * styles): every occurrence is a place for the new one.
 */
export async function splitAtNonce(response: Response): Promise<NoncedPage> {
  const nonce = policyNonce(response.headers);
  const body = new Uint8Array(await response.arrayBuffer());
  const parts: Uint8Array<ArrayBuffer>[] = [];
  if (nonce) {
    const needle = new TextEncoder().encode(nonce);
    let from = 0;
    for (const at of occurrences(body, needle)) {
      parts.push(body.subarray(from, at));
      from = at + needle.length;
    }
    parts.push(body.subarray(from));
  } else parts.push(body);
  return { status: response.status, headers: [...response.headers], parts, nonce };
}

/** The page under `nonce`: in the policy headers and wherever the stored nonce was. */
export function withNonce(page: NoncedPage, nonce = newNonce()): Response {
  const headers = new Headers(page.headers);
  if (!page.nonce) return new Response(page.parts[0], { status: page.status, headers });
  for (const name of POLICY_HEADERS) {
    const policy = headers.get(name);
    if (policy) headers.set(name, policy.replaceAll(`'nonce-${page.nonce}'`, `'nonce-${nonce}'`));
  }
  const fresh = new TextEncoder().encode(nonce);
  const body = new Uint8Array(page.parts.reduce((n, p) => n + p.length, 0) + fresh.length * (page.parts.length - 1));
  let at = 0;
  page.parts.forEach((part, i) => {
    if (i > 0) {
      body.set(fresh, at);
      at += fresh.length;
    }
    body.set(part, at);
    at += part.length;
  });
  headers.delete("Content-Length");
  return new Response(body, { status: page.status, headers });
}
