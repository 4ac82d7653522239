// A page served from the edge cache carries the Content-Security-Policy nonce of the render that was stored. A
// nonce must never repeat (whoever saw one could inject a script that runs), so every cached answer gets a fresh
// one: in the policy header and in every element that carries the old one (scripts, module preloads, styles).

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

/** The same page under `nonce`: the policy headers and the attributes that held the old nonce now hold the new. */
export function withFreshNonce(response: Response, nonce = newNonce()): Response {
  const old = policyNonce(response.headers);
  if (!old) return response;
  const out = new Response(response.body, response);
  for (const name of POLICY_HEADERS) {
    const policy = out.headers.get(name);
    if (policy) out.headers.set(name, policy.replaceAll(`'nonce-${old}'`, `'nonce-${nonce}'`));
  }
  return new HTMLRewriter()
    .on("[nonce]", {
      element(el) {
        if (el.getAttribute("nonce") === old) el.setAttribute("nonce", nonce);
      },
    })
    .transform(out);
}
