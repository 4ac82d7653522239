// The order test files start in (tests/sequencer.ts): by project group, then the longest first, from vitest's cached
// durations or tests/durations.json, files known to neither first.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import LongestFirst from "../sequencer";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const recorded = JSON.parse(readFileSync(path.join(ROOT, "tests", "durations.json"), "utf8")) as Record<string, number>;

function spec(file: string, project: string, groupOrder: number): TestSpecification {
  return {
    moduleId: path.join(ROOT, file),
    project: { name: project, config: { sequence: { groupOrder } } },
  } as unknown as TestSpecification;
}

function sequencer(cached: Record<string, number> = {}) {
  const ctx = {
    config: { root: ROOT },
    cache: {
      getTestSpecificationResult: (s: TestSpecification) => {
        const duration = cached[path.relative(ROOT, s.moduleId)];
        return duration === undefined ? undefined : { duration, failed: false };
      },
    },
  };
  return new LongestFirst(ctx as unknown as Vitest);
}

const order = async (specs: TestSpecification[], cached?: Record<string, number>) =>
  (await sequencer(cached).sort(specs)).map((s) => path.relative(ROOT, s.moduleId));

describe("the order test files start in", () => {
  const browser = Object.keys(recorded).filter((f) => f.startsWith("tests/e2e/"));
  const longest = browser.reduce((a, b) => (recorded[a] >= recorded[b] ? a : b));
  const shortest = browser.reduce((a, b) => (recorded[a] <= recorded[b] ? a : b));

  it("puts the longer recorded file first, even when it is the smaller on disk", async () => {
    // a pair that vitest's fallback (larger files first) would start the other way round
    const size = (f: string) => statSync(path.join(ROOT, f)).size;
    const pairs = browser.flatMap((long) =>
      browser
        .filter((short) => recorded[long] > recorded[short] && size(long) < size(short))
        .map((short) => [long, short]),
    );
    expect(pairs.length).toBeGreaterThan(0);
    const [long, short] = pairs[0];
    const files = [short, long].map((f) => spec(f, "browser", 2));
    expect(await order(files)).toEqual([long, short]);
    expect(await order(files.reverse())).toEqual([long, short]);
  });

  it("starts a file known to neither vitest nor the table first, and prefers vitest's own durations", async () => {
    const unknown = "tests/e2e/browser.ts"; // any file the table does not list
    expect(recorded[unknown]).toBeUndefined();
    expect(await order([longest, unknown].map((f) => spec(f, "browser", 2)))).toEqual([unknown, longest]);
    const cached = { [shortest]: recorded[longest] * 1000 + 1 };
    expect(
      await order(
        [longest, shortest].map((f) => spec(f, "browser", 2)),
        cached,
      ),
    ).toEqual([shortest, longest]);
  });

  it("keeps the projects' groups in their order, and each project's files together", async () => {
    const server = Object.keys(recorded).find((f) => f.startsWith("tests/server/"))!;
    const unit = "tests/unit/coins.test.ts";
    const files = [spec(longest, "browser", 2), spec(unit, "unit", 1), spec(server, "server", 1)];
    expect(await order(files)).toEqual([server, unit, longest]);
  });
});
