// A vitest reporter (added beside the default one in vitest.config.ts): after the run, each project's files, the
// time its files took, and how long it ran from its first file's start to its last file's end, so that a slowdown
// shows in the next run's log (.ci/run prints it). It also writes each file's seconds to
// test-results/durations.json, which is how tests/durations.json (the order the files start in, longest first:
// tests/sequencer.ts) is refreshed after test files were added or changed a lot.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

interface ProjectTime {
  files: number;
  fileMs: number;
  start: number;
  end: number;
}

export default class TimeByProject implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly projects = new Map<string, ProjectTime>();
  private readonly runStart = Date.now();

  onTestModuleStart(module: TestModule) {
    this.started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    const name = module.project.name;
    const start = this.started.get(module.moduleId) ?? Date.now();
    const p = this.projects.get(name) ?? { files: 0, fileMs: 0, start, end: start };
    p.files += 1;
    p.fileMs += module.diagnostic().duration;
    p.start = Math.min(p.start, start);
    p.end = Math.max(p.end, Date.now());
    this.projects.set(name, p);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (!this.projects.size) return;
    const s = (ms: number) => `${Math.round(ms / 1000)} s`;
    const lines = [...this.projects.entries()]
      .sort(([, a], [, b]) => a.start - b.start)
      .map(
        ([name, p]) =>
          `  ${name.padEnd(11)} ${String(p.files).padStart(3)} files, ${s(p.fileMs).padStart(6)} of file time; ` +
          `ran from ${s(p.start - this.runStart)} to ${s(p.end - this.runStart)} (${s(p.end - p.start)})`,
      );
    console.log(`\nTime by project (seconds since the run started):\n${lines.join("\n")}`);

    const root = modules[0]?.project.config.root ?? process.cwd();
    const durations = Object.fromEntries(
      [...modules]
        .map((m) => [path.relative(root, m.moduleId), Math.round(m.diagnostic().duration / 100) / 10] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    mkdirSync(path.join(root, "test-results"), { recursive: true });
    writeFileSync(path.join(root, "test-results", "durations.json"), `${JSON.stringify(durations, null, 2)}\n`);
  }
}
