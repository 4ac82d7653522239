// The Content-Security-Policy of HTML documents (a fresh nonce per response, carried by every inline script; Stripe
// and Google only where a route asks for them), the sandbox on uploaded images, and public/_headers giving static
// assets the Worker's security headers.
import { describe, expect, it } from "vitest";
import { env, getPage, pngFile, registerUser } from "./fixtures";
import staticHeaders from "../../public/_headers?raw";
import { SECURITY_HEADERS } from "~/server/http/response-headers.server";
import { storeImage } from "~/server/services/images.server";

/** The policy's directives by name. */
function directives(policy: string | null): Record<string, string[]> {
  expect(policy, "a Content-Security-Policy header").toBeTruthy();
  return Object.fromEntries(
    policy!
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

async function documentOf(path: string, cookie?: string) {
  const res = await getPage(path, cookie);
  expect(res.status, path).toBe(200);
  return { csp: directives(res.headers.get("Content-Security-Policy")), html: await res.text() };
}

describe("Content-Security-Policy", () => {
  it.each(["/", "/login", "/contact", "/api-docs"])(
    "%s: scripts by nonce, no plugins, no base, never framed",
    async (path) => {
      const { csp, html } = await documentOf(path);
      expect(csp["default-src"]).toEqual(["'self'"]);
      expect(csp["frame-ancestors"]).toEqual(["'none'"]);
      expect(csp["object-src"]).toEqual(["'none'"]);
      expect(csp["base-uri"]).toEqual(["'none'"]);
      expect(csp["script-src"]).not.toContain("'unsafe-inline'");
      expect(csp["script-src"]).not.toContain("'unsafe-eval'");
      const nonces = csp["script-src"].filter((s) => s.startsWith("'nonce-"));
      expect(nonces).toHaveLength(1);
      const nonce = nonces[0].slice("'nonce-".length, -1);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      // every inline script React Router and React wrote carries it (a script without one would be blocked)
      const inline = [...html.matchAll(/<script\b([^>]*)>/g)].filter(([, attrs]) => !/\bsrc=/.test(attrs));
      expect(inline.length).toBeGreaterThan(0);
      for (const [tag, attrs] of inline) expect(attrs, tag).toContain(`nonce="${nonce}"`);
    },
  );

  it("a new nonce for every response", async () => {
    const a = (await documentOf("/")).csp["script-src"].join(" ");
    const b = (await documentOf("/")).csp["script-src"].join(" ");
    expect(a).not.toBe(b);
  });

  it("Stripe only on Purchase Coin, Google's sign-in only as the login and register forms' target", async () => {
    const buyer = await registerUser("Buyer");
    const purchase = await documentOf("/dashboard/purchasecoin", buyer.cookie);
    expect(purchase.csp["script-src"]).toContain("https://js.stripe.com");
    expect(purchase.csp["frame-src"]).toContain("https://js.stripe.com");
    expect(purchase.csp["connect-src"]).toContain("https://api.stripe.com");
    expect(purchase.html).toMatch(/<html[^>]*data-csp="stripe"/);

    const home = await documentOf("/dashboard/buyerhome", buyer.cookie);
    expect(Object.values(home.csp).flat().join(" ")).not.toMatch(/stripe|google\.com/);
    expect(home.csp["frame-src"]).toEqual(["'none'"]);
    expect(home.html).not.toMatch(/<html[^>]*data-csp=/);

    const google = new URL(env.GOOGLE_ISSUER || "https://accounts.google.com").origin;
    for (const path of ["/login", "/register"]) {
      const page = await documentOf(path);
      expect(page.csp["form-action"]).toEqual(["'self'", google]);
      expect(page.csp["script-src"].join(" ")).not.toMatch(/google|stripe/);
    }
    expect((await documentOf("/contact")).csp["form-action"]).toEqual(["'self'"]);
  });

  it("JSON answers carry no page policy (it is for documents)", async () => {
    const res = await getPage("/workers");
    expect(res.headers.get("Content-Type") ?? "").not.toContain("text/html");
    expect(res.headers.get("Content-Security-Policy")).toBeNull();
  });
});

describe("uploaded images", () => {
  it("are served sandboxed and never sniffed", async () => {
    const { url } = await storeImage(env, pngFile());
    const res = await getPage(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(directives(res.headers.get("Content-Security-Policy"))).toHaveProperty("sandbox");
  });
});

describe("public/_headers", () => {
  /** Each path pattern of the file with the headers indented below it (`! Name` takes off an earlier rule's). */
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> = {};
  for (const line of staticHeaders.split("\n").filter((l) => l.trim() && !l.startsWith("#"))) {
    if (!/^\s/.test(line)) rules.set(line.trim(), (current = {}));
    else if (/^\s+!/.test(line)) current[line.trim()] = "";
    else current[line.slice(0, line.indexOf(":")).trim()] = line.slice(line.indexOf(":") + 1).trim();
  }

  it("gives every static asset the Worker's security headers and a policy that frames nothing and runs nothing", () => {
    const headers = rules.get("/*") ?? {};
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], name).toBe(value);
    const csp = directives(headers["Content-Security-Policy"]);
    expect(csp["default-src"]).toEqual(["'none'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["script-src"]).toBeUndefined();
  });

  it("lets browsers keep the built, content-hashed JS and CSS for good and public/'s pictures for a day", () => {
    const keptForADay = [
      "/avatars/*",
      "/illustrations/*",
      "/images/*",
      "/favicon.svg",
      "/manifest.webmanifest",
      "/icons/*",
    ];
    expect([...rules.keys()]).toEqual(["/*", "/assets/*", ...keptForADay, "/sw.js"]);
    expect(rules.get("/assets/*")).toEqual({ "Cache-Control": "public, max-age=31536000, immutable" });
    for (const pictures of keptForADay)
      expect(rules.get(pictures), pictures).toEqual({
        "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
      });
    expect(rules.get("/*")).not.toHaveProperty("Cache-Control");
  });

  it("lets the service worker connect to this site only, under a policy of its own, and be checked on every visit", () => {
    const worker = rules.get("/sw.js") ?? {};
    // the policy of every static asset (default-src 'none') is taken off first: two policies would both apply
    expect(Object.keys(worker)).toEqual(["! Content-Security-Policy", "Content-Security-Policy", "Cache-Control"]);
    const csp = directives(worker["Content-Security-Policy"]);
    expect(csp["default-src"]).toEqual(["'none'"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    expect(csp["script-src"]).toBeUndefined();
    expect(worker["Cache-Control"]).toBe("no-cache");
  });
});
