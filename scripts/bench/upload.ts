/**
 * `npm run bench -- upload`: does one upload freeze the server? (docs/decisions/046-uploads-off-the-event-loop.md)
 *
 * Runs the production build (`npx next build` first) on its own embedded
 * PostgreSQL (`.data/bench/upload/`) and sends, one at a time, a 10 MB text
 * file, a 10 MB PDF and two DOCX zip bombs (1.1 GB of XML; one with honest
 * zip headers, one whose headers claim 1 KB) to `POST /v1/{id}/sources/files`
 * while `/api/health` is polled (one request at a time, 20 ms apart) and the
 * server's resident memory is sampled from /proc. A small file of each kind
 * is uploaded first, so that what loads once per process is not counted.
 * Prints per upload: status and time, the health polls' p50/p99/max, and the
 * RSS growth (peak, and what is still held 3 s later), next to the targets
 * and the figures measured before the fix.
 */
import { mkdirSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import path from "node:path";
import { ensureDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient } from "@/server/kernel/db/client";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { migrate } from "@/server/kernel/db/migrate";
import { startProductionServer } from "../lib/app-server";
import { agencyOwner, chatbot, clientWorkspace } from "../../tests/helpers/fixtures";
import { largePdf, largeText, quantile, rssBytes, smallDocx, uploadFile, watchServer, zipBombDocx } from "../../tests/helpers/upload-fixtures";

const DATA_DIR = path.resolve(".data/bench/upload");
const TEN_MB = 10_000_000;
const BOMB_BYTES = 1.1e9;
const TARGET_P99_MS = 200;
const TARGET_RSS_MB = 100;
const log = (m: string) => console.log(`[bench] ${m}`);

interface Case {
  label: string;
  name: string;
  type: string;
  make: () => Promise<Uint8Array>;
  /** What was measured before the fix (docs/decisions/046-uploads-off-the-event-loop.md). */
  before: string;
}

const CASES: Case[] = [
  { label: "10 MB text (.txt)", name: "notes.txt", type: "text/plain", make: async () => largeText(TEN_MB), before: "before record 046: 201 after 30.5 s, health stalled 28.8 s, RSS 441 → 2,097 MB (+1,656 MB); here on d185d8f: 201 in 13.1 s, health max 12.6 s (1 poll failed), +1,394 MB" },
  { label: "10 MB PDF", name: "handbook.pdf", type: "application/pdf", make: () => largePdf(TEN_MB), before: "here on d185d8f: 201 in 19.0 s, health max 18.0 s, +1,010 MB" },
  {
    label: "DOCX bomb, 1.1 GB of XML",
    name: "bomb.docx",
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    make: () => zipBombDocx(BOMB_BYTES),
    before: "before record 046: 422 after 25.5 s, 613 MB; here on d185d8f: 422 in 7.3 s, health max 1.4 s",
  },
  {
    label: "DOCX bomb, headers claim 1 KB",
    name: "liar.docx",
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    make: () => zipBombDocx(BOMB_BYTES, true),
    before: "here on d185d8f: 422 in 7.5 s, health max 2.1 s, +154 MB",
  },
];

export async function runUploadBenchmark() {
  mkdirSync(DATA_DIR, { recursive: true });
  const pgServer = await startEmbeddedPostgres({ dataDir: path.join(DATA_DIR, "postgres"), ephemeral: true });
  try {
    await ensureDatabase(pgServer.url(), "bench_upload");
    const url = pgServer.url("bench_upload");
    await migrate(url);
    const db = createPrismaClient(url);
    const owner = await agencyOwner(db);
    const workspace = await clientWorkspace(db, owner.agency);
    const bot = await chatbot(db, workspace.id, owner.user.id);
    await db.$disconnect();

    log("starting the production server");
    const app = await startProductionServer(url, "bench-secret-bench-secret-bench-secret-01");
    const pid = app.child.pid!;
    const rows: string[] = [];
    try {
      log("warm-up: a small file of each kind");
      for (const [name, data] of [
        ["warm.txt", Buffer.from("Warm-up text.")],
        ["warm.pdf", await largePdf(0)],
        ["warm.docx", smallDocx("Warm-up paragraph.")],
      ] as const) {
        const res = await uploadFile(app.baseUrl, bot.id, owner.token, data, name);
        if (res.status !== 201) throw new Error(`warm-up ${name}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      for (const c of CASES) {
        const data = await c.make();
        await sleep(2000);
        log(`${c.label}: ${(data.length / 1e6).toFixed(1)} MB`);
        const { result: res, watch } = await watchServer(app.baseUrl, pid, () => uploadFile(app.baseUrl, bot.id, owner.token, data, c.name, c.type));
        await sleep(3000);
        const retained = rssBytes(pid) - watch.rssBefore;
        const latencies = watch.polls.map((p) => p.ms).sort((a, b) => a - b);
        const failed = watch.polls.filter((p) => p.status !== 200).length;
        rows.push(
          [
            `  ${c.label}`,
            `    upload            ${res.status} in ${seconds(res.ms)}${res.status >= 400 ? ` (${res.body.message ?? ""})` : ""}`,
            `    /api/health       ${watch.polls.length} polls${failed ? `, ${failed} not 200` : ""}: p50 ${ms(quantile(latencies, 0.5))}, p99 ${ms(quantile(latencies, 0.99))}, max ${ms(latencies.at(-1) ?? NaN)}   (target p99 < ${TARGET_P99_MS} ms)`,
            `    server RSS        ${mb(watch.rssBefore)} → peak ${mb(watch.rssPeak)} (${signed(watch.rssPeak - watch.rssBefore)}), 3 s later ${signed(retained)}   (target growth < ${TARGET_RSS_MB} MB)`,
            `    before the fix    ${c.before}`,
          ].join("\n"),
        );
      }
    } finally {
      await app.stop();
    }
    const cpu = cpus();
    console.log(`
upload benchmark — machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? "cpu"} (available parallelism ${availableParallelism()}), load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")}; POST /v1/{chatbot_id}/sources/files, one upload at a time, /api/health polled 20 ms apart

${rows.join("\n\n")}
`);
  } finally {
    await pgServer.stop();
  }
}

const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const ms = (x: number) => `${x.toFixed(0)} ms`;
const seconds = (x: number) => `${(x / 1000).toFixed(2)} s`;
const signed = (bytes: number) => (bytes < 0 ? "−" : "+") + mb(Math.abs(bytes));
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024).toLocaleString("en-US")} MB`;
