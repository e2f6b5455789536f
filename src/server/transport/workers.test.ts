import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { JOB_NAMES, withJobNames } from "@/server/kernel/jobs/registry";
import { crontab, JOB_DEFINITIONS, taskList } from "./workers";

describe("the job registry and the workers", () => {
  it("has one definition per registered job, and the workers run exactly those", () => {
    const defined = JOB_DEFINITIONS.map((d) => d.name).sort();
    expect(defined).toEqual([...JOB_NAMES].sort());
    expect(Object.keys(taskList({} as never)).sort()).toEqual([...JOB_NAMES].sort());
  });

  it("schedules only registered jobs", () => {
    const scheduled = crontab.split("\n").map((line) => line.trim().split(/\s+/)[5]);
    expect(scheduled.length).toBeGreaterThan(0);
    for (const name of scheduled) expect(JOB_NAMES).toContain(name);
  });

  it("refuses an unregistered name in SQL", () => {
    expect(withJobNames("SELECT graphile_worker.add_job({{job:dispatch_outbox}})", "x.sql")).toBe("SELECT graphile_worker.add_job('dispatch_outbox')");
    expect(() => withJobNames("SELECT graphile_worker.add_job({{job:dispatch_outbx}})", "x.sql")).toThrow(/not a registered job/);
  });

  it("leaves no job name written as a literal outside the registry (SQL files and TypeScript)", () => {
    // Migrations are history (their checksums are fixed); everything else enqueues through the registry.
    const grep = spawnSync("git", ["grep", "-nE", "add_job\\(\\s*'|addJob\\(\\s*[\"'`]", "--", "src", ":!*.test.ts"], { encoding: "utf8" });
    expect(grep.status, grep.stderr).toBe(1); // git grep: 1 = nothing found
    expect(grep.stdout).toBe("");
  });
});
