/**
 * `npm run bench -- retrieval`: searchPassages over 100,000 chunks of one
 * chatbot (plus 20,000 chunks of two other chatbots as noise).
 *
 * - Own embedded PostgreSQL in `.data/bench/retrieval-postgres`, migrated.
 * - The chunks are generated text (a Zipf-distributed vocabulary of real
 *   English words and made-up product words) written through the same
 *   statement indexSource uses (src/server/training/retrieval/sql.ts CHANGE_CHUNKS), so
 *   the BM25 statistics are those a crawl would leave. Kept between runs.
 * - Prints p50/p95 of searchPassages for 200 questions (after a warm-up) next
 *   to the baseline: the all-terms `websearch_to_tsquery` + `ts_rank_cd` query.
 */
import { mkdirSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { ensureDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient } from "@/server/kernel/db/client";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { migrate } from "@/server/kernel/db/migrate";
import { CHANGE_CHUNKS, CONFIGS_DELTA, STATS_DELTA } from "@/server/training";
import { passageDefines, passagePhrases } from "@/server/training/retrieval/defined-terms";
import { searchPassages } from "@/server/training";
import { SeededRandom } from "@/shared/seeded-random";

const DATA_DIR = path.resolve(".data/bench");
const DATABASE = "bench_retrieval";
const CHUNKS = 100_000;
const NOISE_CHUNKS = 20_000;
const CHUNKS_PER_SOURCE = 50;
const WORDS_PER_CHUNK = 220;
const QUESTIONS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 20;

const log = (m: string) => console.log(`[bench] ${m}`);

/** Deterministic pseudo-random numbers, so every run builds the same data. */
function random(seed: number): () => number {
  const rng = new SeededRandom(seed);
  return () => rng.next();
}

const COMMON = `the a of and to in is for on with that you your we our are be can this it as at by from or
  an will have has not all more any when which their they if about after order orders shipping delivery price pricing plan plans
  account team support help day days week month year customer customers product products service services store online
  free cost costs pay payment payments card refund refunds return returns policy policies time business hours open
  email phone contact address new available each per one two three first use using get make include includes included
  change cancel subscription trial update member members access data privacy secure security setup install guide`.split(/\s+/).filter(Boolean);

function vocabulary(next: () => number): string[] {
  const syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "pra", "stel", "gon", "mar", "qui", "dor", "fen", "lux", "bri", "cor", "tam"];
  const made = new Set<string>();
  while (made.size < 30_000) {
    const n = 2 + Math.floor(next() * 3);
    let w = "";
    for (let i = 0; i < n; i++) w += syllables[Math.floor(next() * syllables.length)];
    made.add(w);
  }
  return [...COMMON, ...made];
}

/** Zipf(1) over the vocabulary by inverse transform on the harmonic prefix sums. */
function zipfSampler(size: number, next: () => number): () => number {
  const cumulative = new Float64Array(size);
  let sum = 0;
  for (let i = 0; i < size; i++) cumulative[i] = sum += 1 / (i + 1);
  return () => {
    const target = next() * sum;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

async function ensureDataSet(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const existing = await client.query<{ id: string; n: string }>(
      `SELECT c.id, count(sc.id)::text AS n FROM chatbots c LEFT JOIN source_chunks sc ON sc.chatbot_id = c.id
        WHERE c.name LIKE 'Retrieval bench%' GROUP BY c.id, c.name ORDER BY c.name`,
    );
    const target = existing.rows.find((r) => Number(r.n) === CHUNKS);
    if (existing.rows.length === 3 && target) return target.id;
    if (existing.rows.length > 0) throw new Error(`a partial data set is in ${DATA_DIR}/retrieval-postgres: delete that folder and run again`);

    const next = random(42);
    const words = vocabulary(next);
    const pick = zipfSampler(words.length, next);
    const user = await client.query<{ id: string }>(
      `INSERT INTO users (name, email) VALUES ('Bench', 'retrieval-bench@bench.test') RETURNING id`,
    );
    const team = await client.query<{ id: string }>(`INSERT INTO teams (name, owner_id) VALUES ('Bench', $1) RETURNING id`, [user.rows[0]!.id]);
    const bots: string[] = [];
    for (const name of ["Retrieval bench 1 (measured)", "Retrieval bench 2 (noise)", "Retrieval bench 3 (noise)"]) {
      const bot = await client.query<{ id: string }>(`INSERT INTO chatbots (team_id, user_id, name) VALUES ($1, $2, $3) RETURNING id`, [
        team.rows[0]!.id,
        user.rows[0]!.id,
        name,
      ]);
      bots.push(bot.rows[0]!.id);
    }
    const plan: Array<[string, number]> = [
      [bots[0]!, CHUNKS],
      [bots[1]!, NOISE_CHUNKS / 2],
      [bots[2]!, NOISE_CHUNKS / 2],
    ];
    const started = performance.now();
    for (const [chatbotId, total] of plan) {
      for (let done = 0; done < total; done += CHUNKS_PER_SOURCE) {
        const title = Array.from({ length: 3 }, () => words[pick()]).join(" ");
        const source = await client.query<{ id: string }>(
          `INSERT INTO sources (chatbot_id, type, indexer, title, status) VALUES ($1, 'page', 'crawler', $2, 'trained') RETURNING id`,
          [chatbotId, title],
        );
        const contents: string[] = [];
        const headings: string[] = [];
        for (let i = 0; i < CHUNKS_PER_SOURCE; i++) {
          headings.push(Array.from({ length: 2 }, () => words[pick()]).join(" "));
          const sentence: string[] = [];
          for (let w = 0; w < WORDS_PER_CHUNK; w++) sentence.push(words[pick()]!);
          contents.push(sentence.join(" "));
        }
        await client.query("BEGIN");
        const { rows } = await client.query<{ chatbot_id: string; chunk_delta: number; length_delta: string; configs: Record<string, number> }>(CHANGE_CHUNKS, [
          [],
          chatbotId,
          source.rows[0]!.id,
          contents.map(() => "english"),
          title,
          `https://bench.test/${source.rows[0]!.id}`,
          contents.map((_, i) => i),
          headings,
          contents,
          contents.map(() => Math.round(WORDS_PER_CHUNK * 1.3)),
          contents.map(() => ""),
          contents.map(() => ""),
          1,
          contents.map((content, i) => [...passageDefines([headings[i]!], content), ...passagePhrases([headings[i]!], content)].join("\n")),
          contents.map(() => "en"),
        ]);
        for (const r of rows) {
          await client.query(STATS_DELTA, [r.chatbot_id, r.chunk_delta, r.length_delta]);
          await client.query(CONFIGS_DELTA, [r.chatbot_id, r.configs]);
        }
        await client.query("COMMIT");
        if ((done + CHUNKS_PER_SOURCE) % 10_000 === 0) log(`  ${done + CHUNKS_PER_SOURCE} / ${total} chunks (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    }
    await client.query("ANALYZE");
    return bots[0]!;
  } finally {
    await client.end();
  }
}

/** Questions a visitor might type: a few common words and one to three rarer ones. */
function questions(): string[] {
  const next = random(7);
  const words = vocabulary(random(42));
  const out: string[] = [];
  const starts = ["how much does", "what is the", "can I", "do you offer", "where is my", "how do I change"];
  for (let i = 0; i < QUESTIONS + WARMUP; i++) {
    const rare = Array.from({ length: 1 + Math.floor(next() * 3) }, () => words[COMMON.length + Math.floor(next() * 3000)]);
    const common = Array.from({ length: 1 + Math.floor(next() * 3) }, () => COMMON[60 + Math.floor(next() * (COMMON.length - 60))]);
    out.push(`${starts[i % starts.length]} ${[...common, ...rare].join(" ")}?`);
  }
  return out;
}

const BASELINE = `
SELECT c.id, ts_rank_cd(c.tsv, q) AS score
  FROM source_chunks c JOIN sources s ON s.id = c.source_id AND s.deleted_at IS NULL,
       websearch_to_tsquery('english', $2) AS q
 WHERE c.chatbot_id = $1::uuid AND c.tsv @@ q
 ORDER BY score DESC LIMIT 10`;

async function measure(items: string[], fn: (q: string) => Promise<number>) {
  for (const q of items.slice(0, WARMUP)) await fn(q);
  const times: number[] = [];
  let found = 0;
  for (const q of items.slice(WARMUP)) {
    const t = performance.now();
    if ((await fn(q)) > 0) found++;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  return { p50: at(0.5), p95: at(0.95), found };
}

const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);

export async function runRetrievalBenchmark() {
  mkdirSync(DATA_DIR, { recursive: true });
  log(`starting embedded PostgreSQL in ${path.relative(process.cwd(), DATA_DIR)}/retrieval-postgres`);
  const server = await startEmbeddedPostgres({ dataDir: path.join(DATA_DIR, "retrieval-postgres"), ephemeral: true });
  try {
    await ensureDatabase(server.url(), DATABASE);
    const url = server.url(DATABASE);
    await migrate(url);
    log("generating the data set (first run only, a few minutes)");
    const chatbotId = await ensureDataSet(url);
    const db = createPrismaClient(url);
    const raw = new pg.Pool({ connectionString: url, max: 2 });
    try {
      const items = questions();
      log(`measuring ${QUESTIONS} sequential questions each (after ${WARMUP} warm-up)`);
      // As the answer pipeline calls it: the chatbot (and its language) already loaded.
      const ours = await measure(items, async (query) => (await searchPassages(db, { chatbotId, query, topK: 10, language: "en" })).length);
      const baseline = await measure(items, async (query) => (await raw.query(BASELINE, [chatbotId, query])).rowCount ?? 0);
      const version = (await raw.query<{ v: string }>("SHOW server_version")).rows[0]?.v ?? "?";
      const cpu = cpus();
      console.log(`
Retrieval benchmark: 1 chatbot with ${CHUNKS.toLocaleString("en")} chunks (~${WORDS_PER_CHUNK} words each) + ${NOISE_CHUNKS.toLocaleString("en")} chunks of 2 other chatbots, top 10
machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? "cpu"}, load average ${loadavg().map((l) => l.toFixed(1)).join(" / ")}, PostgreSQL ${version} (embedded, fsync off)

| what                                                          |       p50 |       p95 | questions with a result |
|---------------------------------------------------------------|----------:|----------:|------------------------:|
| searchPassages (BM25 over OR-ed terms + typo correction)       | ${ms(ours.p50)} | ${ms(ours.p95)} | ${`${ours.found} / ${QUESTIONS}`.padStart(23)} |
| baseline: all-terms websearch_to_tsquery + ts_rank_cd          | ${ms(baseline.p50)} | ${ms(baseline.p95)} | ${`${baseline.found} / ${QUESTIONS}`.padStart(23)} |

target: searchPassages p50 < 30 ms → ${ours.p50 < 30 ? "met" : "NOT met"}
`);
    } finally {
      await db.$disconnect();
      await raw.end();
    }
  } finally {
    await server.stop();
  }
}
