// `npm run dev -- --port N` serves http://localhost:N and tells the Worker so (scripts/dev.ts): the links of e-mails
// the Cron Trigger sends follow the port.
import { describe, expect, it } from "vitest";
import { DEFAULT_DEV_PORT, devOrigin, devPort } from "../../scripts/lib/dev-origin.ts";

describe("the origin npm run dev serves", () => {
  it("is the default port's without --port, and the given port's with it, in either spelling", () => {
    expect(devOrigin([])).toBe(`http://localhost:${DEFAULT_DEV_PORT}`);
    expect(devOrigin(["--port", "5181"])).toBe("http://localhost:5181");
    expect(devOrigin(["--host", "--port=5190"])).toBe("http://localhost:5190");
    expect(devPort(["--port", "4000", "--port", "4001"])).toBe(4001);
  });

  it("refuses a port that is not one", () => {
    for (const bad of [["--port", "abc"], ["--port"], ["--port=70000"], ["--port", "0"]])
      expect(() => devPort(bad), bad.join(" ")).toThrow(/is not a port number/);
  });
});
