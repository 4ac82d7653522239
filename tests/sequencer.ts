// The order test files start in, within each vitest project: the longest first, so that no long file starts late and
// runs alone at the end while the other worker has nothing left to do. Vitest's own order does the same from the
// durations it cached on this machine's last run, and falls back to file sizes, which mislead here: a route walk of
// 4 lines, or a test of the seed script with 3 tests, takes longer than most 600-line walks. So a file's duration is
// vitest's cached one, else its entry in tests/durations.json (seconds, from a run's test-results/durations.json;
// tests/time-by-project.ts writes it), else unknown: unknown files go first, larger first, as vitest would.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const RECORDED = path.join(import.meta.dirname, "durations.json");

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = JSON.parse(readFileSync(RECORDED, "utf8")) as Record<string, number>;
    const root = this.ctx.config.root;
    const duration = (spec: TestSpecification): number | undefined => {
      const cached = this.ctx.cache.getTestSpecificationResult(spec)?.duration;
      if (cached !== undefined) return cached;
      const seconds = recorded[path.relative(root, spec.moduleId)];
      return seconds === undefined ? undefined : seconds * 1000;
    };
    const known = new Map(files.map((spec) => [spec, duration(spec)]));
    const size = (spec: TestSpecification) => statSync(spec.moduleId).size;
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const [x, y] = [known.get(a), known.get(b)];
      if (x === undefined || y === undefined)
        return x === undefined && y === undefined ? size(b) - size(a) : x === undefined ? -1 : 1;
      return y - x;
    });
  }
}
