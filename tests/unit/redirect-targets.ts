// Redirect targets that must never take a browser off the site (tests/unit/redirect.test.ts and
// tests/server/redirects.test.ts).

/** Targets a browser would (or might, after its URL clean-up) follow to another site, or that are not a path. */
export const NASTY_TARGETS = [
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/ /evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "//evil.example",
  "///evil.example",
  "https://evil.example",
  "http://evil.example/dashboard",
  "HTTPS://evil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/%5Cevil.example",
  "/%09/evil.example",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "data:text/html,hi",
  "evil.example",
  "dashboard/workerhome",
  "/\u0000/evil.example",
  "/\u007f/evil.example",
  "/\u2028/evil.example",
  "https://coinwork.test.evil.example/",
];
