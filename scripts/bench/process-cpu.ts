/**
 * Where a benchmark's CPU went, from /proc (Linux): CPU seconds of groups of
 * processes over an interval and the machine's idle share, so a figure can
 * say whether the machine was saturated or a process was waiting. Also sums
 * a `--cpu-prof` profile's self time by function.
 */
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function stat(pid: number): { ppid: number; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: the fields start after its last ')'.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null; // ended meanwhile
  }
}

/** The pid and every process below it. */
export function withDescendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (!pid) continue;
    const s = stat(pid);
    if (s) children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop()!;
    out.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}

function machine(): { busy: number; total: number } {
  const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  const idle = cpu[3]! + cpu[4]!; // idle + iowait
  return { busy: total - idle, total };
}

export type ProcessGroups = Record<string, () => number[]>;

/**
 * Starts counting; the returned function gives each group's CPU seconds
 * since then (processes that ended meanwhile are not counted) and the
 * machine's busy share of all cores.
 */
export function startCpuCount(groups: ProcessGroups) {
  const before = new Map<number, number>();
  const pidsOf = () => Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, pids()]));
  for (const pids of Object.values(pidsOf())) for (const pid of pids) before.set(pid, stat(pid)?.ticks ?? 0);
  const m0 = machine();
  const t0 = performance.now();
  return () => {
    const m1 = machine();
    const seconds = (performance.now() - t0) / 1000;
    const cpu: Record<string, number> = {};
    for (const [name, pids] of Object.entries(pidsOf())) {
      cpu[name] = pids.reduce((sum, pid) => sum + ((stat(pid)?.ticks ?? 0) - (before.get(pid) ?? 0)), 0) / TICKS_PER_SECOND;
    }
    return { seconds, cpu, machineBusy: (m1.busy - m0.busy) / Math.max(1, m1.total - m0.total) };
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Self time of a `.cpuprofile` by function, largest first, as shares of the sampled time. */
export function profileSelfTime(file: string, top = 25): { share: number; ms: number; fn: string }[] {
  const profile = JSON.parse(readFileSync(file, "utf8")) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const ms = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const where = frame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(src|scripts)\//, "$1/");
    const key = `${frame.functionName || "(anonymous)"} ${where}:${frame.lineNumber + 1}`;
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    ms.set(key, (ms.get(key) ?? 0) + dt);
    total += dt;
  });
  return [...ms.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([fn, t]) => ({ share: t / total, ms: t, fn }));
}
