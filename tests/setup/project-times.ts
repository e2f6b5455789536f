import type { Reporter, TestModule } from "vitest/node";

/**
 * For `npm test` (scripts/test.sh), which runs the database projects in one run sharing one pool of workers:
 * each project's own figures at the end — its files, its tests, the time from its first file's start to its
 * last file's end, and its files' time summed — as one `== <stage>: …` line each, which the closing block repeats.
 */
const STAGES: Record<string, string> = {
  integration: "integration and contract tests (embedded PostgreSQL)",
  "contract-pg15": "contract tests on PostgreSQL 15",
};

interface Tally {
  files: number;
  tests: number;
  failed: number;
  first: number;
  last: number;
  busy: number;
}

export default class ProjectTimes implements Reporter {
  private readonly started = Date.now();
  private readonly tallies = new Map<string, Tally>();
  private readonly moduleStarts = new Map<string, number>();

  onTestModuleStart(testModule: TestModule) {
    this.moduleStarts.set(testModule.id, Date.now());
  }

  onTestModuleEnd(testModule: TestModule) {
    const name = testModule.project.name;
    const start = this.moduleStarts.get(testModule.id) ?? Date.now();
    const tally = this.tallies.get(name) ?? { files: 0, tests: 0, failed: 0, first: start, last: start, busy: 0 };
    const tests = [...testModule.children.allTests()];
    tally.files += 1;
    tally.tests += tests.length;
    tally.failed += tests.filter((test) => test.result().state === "failed").length;
    tally.first = Math.min(tally.first, start);
    tally.last = Math.max(tally.last, Date.now());
    tally.busy += testModule.diagnostic().duration + testModule.diagnostic().collectDuration;
    this.tallies.set(name, tally);
  }

  onTestRunEnd() {
    const seconds = (ms: number) => Math.round(ms / 1000);
    for (const [name, t] of this.tallies) {
      const stage = STAGES[name] ?? name;
      console.log(
        `== ${stage}: ${seconds(t.last - t.first)} s (from ${seconds(t.first - this.started)} s to ${seconds(t.last - this.started)} s of the run; ` +
          `${t.files} files, ${t.tests} tests${t.failed ? `, ${t.failed} failed` : ""}, ${seconds(t.busy)} s of the workers' time)`,
      );
    }
  }
}
