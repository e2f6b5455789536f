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
 * - Sentence questions (docs/decisions/163-word-pairs.md): 16 words of a passage in a row, the most word pairs a
 *   question has; the same statement with its pairs and without them, question by question in turn.
 * - Languages (docs/decisions/149-passages-read-again.md): two Spanish chatbots of 50,000 chunks, one with a
 *   fifth of its pages in English; the search with record 147's count and without it, question by question in turn.
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
import { lookupKeys, searchedWords, underscoredPhrases, wordPairs } from "@/server/training/retrieval/query-terms";
import { searchConfigFor } from "@/server/training/retrieval/search-language";
import { SEARCH } from "@/server/training/retrieval/sql";
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

interface GeneratedPage {
  title: string;
  headings: string[];
  contents: string[];
}

/** One page of CHUNKS_PER_SOURCE passages of Zipf-drawn words. */
function generatedPage(words: string[], pick: () => number): GeneratedPage {
  const title = Array.from({ length: 3 }, () => words[pick()]).join(" ");
  const headings: string[] = [];
  const contents: string[] = [];
  for (let i = 0; i < CHUNKS_PER_SOURCE; i++) {
    headings.push(Array.from({ length: 2 }, () => words[pick()]).join(" "));
    const sentence: string[] = [];
    for (let w = 0; w < WORDS_PER_CHUNK; w++) sentence.push(words[pick()]!);
    contents.push(sentence.join(" "));
  }
  return { title, headings, contents };
}

/** A trained page source with its passages, all in `language`, written as indexSource writes them (CHANGE_CHUNKS and its deltas). */
async function writeSource(client: pg.Client, chatbotId: string, page: GeneratedPage, language: string) {
  const { title, headings, contents } = page;
  const source = await client.query<{ id: string }>(
    `INSERT INTO sources (chatbot_id, type, indexer, title, status) VALUES ($1, 'page', 'crawler', $2, 'trained') RETURNING id`,
    [chatbotId, title],
  );
  await client.query("BEGIN");
  const { rows } = await client.query<{ chatbot_id: string; chunk_delta: number; length_delta: string; configs: Record<string, number> }>(CHANGE_CHUNKS, [
    [],
    chatbotId,
    source.rows[0]!.id,
    contents.map(() => searchConfigFor(language)),
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
    contents.map(() => language),
  ]);
  for (const r of rows) {
    await client.query(STATS_DELTA, [r.chatbot_id, r.chunk_delta, r.length_delta]);
    await client.query(CONFIGS_DELTA, [r.chatbot_id, r.configs]);
  }
  await client.query("COMMIT");
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
        await writeSource(client, chatbotId, generatedPage(words, pick), "en");
        if ((done + CHUNKS_PER_SOURCE) % 10_000 === 0) log(`  ${done + CHUNKS_PER_SOURCE} / ${total} chunks (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    }
    await client.query("ANALYZE");
    return bots[0]!;
  } finally {
    await client.end();
  }
}

/**
 * The languages data set (docs/decisions/149-passages-read-again.md): two Spanish chatbots of LANGUAGE_CHUNKS
 * passages each, one with every passage in Spanish (its searches stem in one configuration: record 147's count
 * never runs), one with a BILINGUAL_SHARE of them in English (each question is stemmed in both, and a lexeme only
 * the other language gives has its df counted in the query). Spanish words: common ones, and made-up roots with
 * Spanish endings (their English stems meet other words' Spanish stems, as "funcional" met "función").
 */
const LANGUAGE_CHUNKS = 50_000;
const BILINGUAL_SHARE = 0.2;
const LANGUAGE_BOTS = ["Retrieval languages bench: Spanish only", "Retrieval languages bench: Spanish and English"] as const;

const COMMON_ES = `el la los las de del y en a que es por para con un una su sus al lo como más pero se no o si
  pedido pedidos envío envíos precio precios plan planes cuenta cuentas equipo soporte ayuda día días semana mes año
  cliente clientes producto productos servicio servicios tienda pago pagos tarjeta reembolso devolución devoluciones
  política políticas hora horario horarios abierto correo teléfono contacto dirección nuevo nueva disponible cada uno
  dos tres primero usar uso incluye incluido cambiar cancelar suscripción prueba actualizar miembro miembros acceso
  datos privacidad seguro seguridad configuración instalar guía función funciones funcional funcionamiento nación
  nacional internacional general información informar gestión gestionar factura facturas facturación empresa`.split(/\s+/).filter(Boolean);

function spanishVocabulary(next: () => number): string[] {
  const syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "pra", "stel", "gon", "mar", "qui", "dor", "fen", "lux", "bri", "cor", "tam"];
  const endings = ["", "o", "os", "a", "as", "es", "al", "ales", "ción", "ciones", "ado", "ados", "ar", "amente", "idad", "ista"];
  const made = new Set<string>();
  while (made.size < 30_000) {
    const n = 2 + Math.floor(next() * 2);
    let w = "";
    for (let i = 0; i < n; i++) w += syllables[Math.floor(next() * syllables.length)];
    made.add(w + endings[Math.floor(next() * endings.length)]);
  }
  return [...COMMON_ES, ...made];
}

/** The two chatbots of the languages data set, by LANGUAGE_BOTS' order (made on the first run, then kept). */
async function ensureLanguagesDataSet(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const existing = await client.query<{ id: string; name: string; n: string }>(
      `SELECT c.id, c.name, count(sc.id)::text AS n FROM chatbots c LEFT JOIN source_chunks sc ON sc.chatbot_id = c.id
        WHERE c.name LIKE 'Retrieval languages bench%' GROUP BY c.id, c.name`,
    );
    const byName = new Map(existing.rows.map((r) => [r.name, r]));
    if (LANGUAGE_BOTS.every((name) => Number(byName.get(name)?.n) === LANGUAGE_CHUNKS)) return LANGUAGE_BOTS.map((name) => byName.get(name)!.id);
    if (existing.rows.length > 0) throw new Error(`a partial data set is in ${DATA_DIR}/retrieval-postgres: delete that folder and run again`);

    const user = await client.query<{ id: string }>(`INSERT INTO users (name, email) VALUES ('Bench', 'retrieval-languages-bench@bench.test') RETURNING id`);
    const team = await client.query<{ id: string }>(`INSERT INTO teams (name, owner_id) VALUES ('Bench languages', $1) RETURNING id`, [user.rows[0]!.id]);
    const bots: string[] = [];
    for (const name of LANGUAGE_BOTS) {
      const bot = await client.query<{ id: string }>(`INSERT INTO chatbots (team_id, user_id, name, default_language) VALUES ($1, $2, $3, 'es') RETURNING id`, [
        team.rows[0]!.id,
        user.rows[0]!.id,
        name,
      ]);
      bots.push(bot.rows[0]!.id);
    }
    const started = performance.now();
    for (const [b, chatbotId] of bots.entries()) {
      // The same Spanish pages on both chatbots; the bilingual one has English pages in place of a share of them.
      const next = random(43);
      const spanish = spanishVocabulary(next);
      const pickSpanish = zipfSampler(spanish.length, next);
      const english = vocabulary(random(42));
      const pickEnglish = zipfSampler(english.length, random(44));
      const englishEvery = Math.round(1 / BILINGUAL_SHARE);
      for (let done = 0, page = 0; done < LANGUAGE_CHUNKS; done += CHUNKS_PER_SOURCE, page++) {
        const inEnglish = b === 1 && page % englishEvery === englishEvery - 1;
        const spanishPage = generatedPage(spanish, pickSpanish);
        await writeSource(client, chatbotId, inEnglish ? generatedPage(english, pickEnglish) : spanishPage, inEnglish ? "en" : "es");
        if ((done + CHUNKS_PER_SOURCE) % 10_000 === 0) log(`  ${LANGUAGE_BOTS[b]}: ${done + CHUNKS_PER_SOURCE} / ${LANGUAGE_CHUNKS} chunks (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    }
    await client.query("ANALYZE");
    return bots;
  } finally {
    await client.end();
  }
}

/** Spanish questions a visitor might type, as questions() in English. */
function spanishQuestions(): string[] {
  const next = random(8);
  const words = spanishVocabulary(random(43));
  const out: string[] = [];
  const starts = ["cuánto cuesta", "qué es el", "puedo", "ofrecen", "dónde está mi", "cómo cambio"];
  for (let i = 0; i < QUESTIONS + WARMUP; i++) {
    const rare = Array.from({ length: 1 + Math.floor(next() * 3) }, () => words[COMMON_ES.length + Math.floor(next() * 3000)]);
    const common = Array.from({ length: 1 + Math.floor(next() * 3) }, () => COMMON_ES[30 + Math.floor(next() * (COMMON_ES.length - 30))]);
    out.push(`¿${starts[i % starts.length]} ${[...common, ...rare].join(" ")}?`);
  }
  return out;
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

/**
 * `measure` for several searches at once, taken in turn question by question (after the same warm-up): a machine
 * whose load drifts during the run weighs on each alike.
 */
async function measureInTurn(items: string[], fns: Array<(q: string) => Promise<number>>) {
  for (const q of items.slice(0, WARMUP)) for (const fn of fns) await fn(q);
  const times = fns.map(() => [] as number[]);
  const found = fns.map(() => 0);
  for (const q of items.slice(WARMUP)) {
    for (const [i, fn] of fns.entries()) {
      const t = performance.now();
      if ((await fn(q)) > 0) found[i]!++;
      times[i]!.push(performance.now() - t);
    }
  }
  return times.map((list, i) => {
    list.sort((a, b) => a - b);
    const at = (p: number) => list[Math.min(list.length - 1, Math.floor(p * list.length))]!;
    return { p50: at(0.5), p95: at(0.95), found: found[i]! };
  });
}

const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);

/** Record 147's count: a lexeme only another language gives has its df counted among that language's passages. */
const FOREIGN_COUNT = /\(SELECT sum\(x\.n\)::int FROM unnest\(lc\.configs\) AS cf\(config\)\s+CROSS JOIN LATERAL \(SELECT count\(\*\) AS n FROM source_chunks c\s+WHERE c\.chatbot_id = \$1::uuid AND c\.search_config = cf\.config::text\s+AND c\.tsv @@ \([^\n]*\)::tsquery\) x\)/;

/** SEARCH with the count replaced by the lexeme's df in every language (as before record 147): what the count costs. */
function searchWithoutCount(): string {
  if (!FOREIGN_COUNT.test(SEARCH)) throw new Error("sql.ts SEARCH no longer has record 147's count as this bench knows it: update FOREIGN_COUNT");
  return SEARCH.replace(FOREIGN_COUNT, "(SELECT t.df FROM chatbot_search_terms t WHERE t.chatbot_id = $1::uuid AND t.lexeme = lc.lexeme)");
}

/** SEARCH's values as searchPassages builds them (search.ts), the question's language given (as the engine passes it). */
function searchValues(chatbotId: string, query: string, questionLanguage: string, chatbotLanguage: string, pairs = true): unknown[] {
  const keys = lookupKeys(query, questionLanguage);
  return [
    chatbotId,
    searchedWords(query, questionLanguage),
    searchConfigFor(questionLanguage),
    10,
    keys.map(([key]) => key),
    searchConfigFor(chatbotLanguage),
    keys.map(([, identifier]) => identifier),
    underscoredPhrases(query),
    pairs ? wordPairs(query, questionLanguage) : [],
  ];
}

/**
 * Questions made of a passage's own words in a row (SENTENCE_WORDS of them, as a reworded sentence is): the most
 * word pairs a question has (query-terms.ts wordPairs, docs/decisions/163-word-pairs.md), each checked against
 * every candidate passage.
 */
const SENTENCE_WORDS = 16;
async function sentenceQuestions(raw: pg.Pool, chatbotId: string): Promise<string[]> {
  const { rows } = await raw.query<{ content: string }>(
    `SELECT content FROM source_chunks WHERE chatbot_id = $1::uuid ORDER BY md5(id::text) LIMIT $2::int`,
    [chatbotId, QUESTIONS + WARMUP],
  );
  return rows.map((r) => `Is it true that ${r.content.split(" ").slice(40, 40 + SENTENCE_WORDS).join(" ")}?`);
}

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
    raw.on("error", () => undefined); // a connection the server ends as it stops: the run is over
    try {
      const items = questions();
      log(`measuring ${QUESTIONS} sequential questions each (after ${WARMUP} warm-up)`);
      // As the answer pipeline calls it: the chatbot (and its language) already loaded.
      const ours = await measure(items, async (query) => (await searchPassages(db, { chatbotId, query, topK: 10, language: "en" })).length);
      const baseline = await measure(items, async (query) => (await raw.query(BASELINE, [chatbotId, query])).rowCount ?? 0);
      log(`measuring ${QUESTIONS} sentence questions with their word pairs and without, in turn`);
      const sentences = await sentenceQuestions(raw, chatbotId);
      const [withPairs, withoutPairs] = await measureInTurn(sentences, [
        async (query) => (await raw.query({ name: "bench_search", text: SEARCH, values: searchValues(chatbotId, query, "en", "en") })).rowCount ?? 0,
        async (query) => (await raw.query({ name: "bench_search", text: SEARCH, values: searchValues(chatbotId, query, "en", "en", false) })).rowCount ?? 0,
      ]);
      log("generating the languages data set (first run only, a few minutes)");
      const [spanishOnly, bilingual] = (await ensureLanguagesDataSet(url)) as [string, string];
      const spanish = spanishQuestions();
      const english = questions();
      // searchPassages itself, then the same statement named twice: with record 147's count and without it.
      const firstIds = (await searchPassages(db, { chatbotId: bilingual, query: spanish[0]!, topK: 10, language: "es", questionLanguage: "es" })).map((p) => p.chunkId);
      const direct = await raw.query<{ chunk_id: string }>({ name: "bench_search", text: SEARCH, values: searchValues(bilingual, spanish[0]!, "es", "es") });
      if (direct.rows.map((r) => r.chunk_id).join() !== firstIds.join()) throw new Error("the bench's SEARCH values differ from searchPassages' (search.ts): update searchValues");
      const without = searchWithoutCount();
      const run = (text: string, name: string, chatbot: string, language: string) => async (query: string) =>
        (await raw.query({ name, text, values: searchValues(chatbot, query, language, "es") })).rowCount ?? 0;
      log(`measuring the languages data set: ${QUESTIONS} questions a row`);
      const [spanishOnlyRun, spanishWith, spanishWithout, baselineRun] = await measureInTurn(spanish, [
        run(SEARCH, "bench_search", spanishOnly, "es"),
        run(SEARCH, "bench_search", bilingual, "es"),
        run(without, "bench_search_without", bilingual, "es"),
        async (query) => (await raw.query(BASELINE, [bilingual, query])).rowCount ?? 0,
      ]);
      const [englishWith, englishWithout] = await measureInTurn(english, [run(SEARCH, "bench_search", bilingual, "en"), run(without, "bench_search_without", bilingual, "en")]);
      const languageRows: Array<[string, { p50: number; p95: number; found: number }]> = [
        ["Spanish only, Spanish questions (one configuration: no count)", spanishOnlyRun!],
        ["Spanish + English, Spanish questions, with the count", spanishWith!],
        ["Spanish + English, Spanish questions, without the count", spanishWithout!],
        ["Spanish + English, English questions, with the count", englishWith!],
        ["Spanish + English, English questions, without the count", englishWithout!],
        ["baseline (Spanish + English, Spanish questions): websearch_to_tsquery", baselineRun!],
      ];
      const version = (await raw.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v ?? "?";
      const cpu = cpus();
      console.log(`
Retrieval benchmark: 1 chatbot with ${CHUNKS.toLocaleString("en")} chunks (~${WORDS_PER_CHUNK} words each) + ${NOISE_CHUNKS.toLocaleString("en")} chunks of 2 other chatbots, top 10
machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? "cpu"}, load average ${loadavg().map((l) => l.toFixed(1)).join(" / ")}, PostgreSQL ${version} (embedded, fsync off)

| what                                                          |       p50 |       p95 | questions with a result |
|---------------------------------------------------------------|----------:|----------:|------------------------:|
| searchPassages (BM25 over OR-ed terms + typo correction)       | ${ms(ours.p50)} | ${ms(ours.p95)} | ${`${ours.found} / ${QUESTIONS}`.padStart(23)} |
| baseline: all-terms websearch_to_tsquery + ts_rank_cd          | ${ms(baseline.p50)} | ${ms(baseline.p95)} | ${`${baseline.found} / ${QUESTIONS}`.padStart(23)} |

target: searchPassages p50 < 30 ms → ${ours.p50 < 30 ? "met" : "NOT met"}

Sentence questions (${SENTENCE_WORDS} words of a passage in a row; docs/decisions/163-word-pairs.md), the same statement in turn:

| what                                                          |       p50 |       p95 | questions with a result |
|---------------------------------------------------------------|----------:|----------:|------------------------:|
| with the question's word pairs                                 | ${ms(withPairs!.p50)} | ${ms(withPairs!.p95)} | ${`${withPairs!.found} / ${QUESTIONS}`.padStart(23)} |
| without them (as before record 163)                            | ${ms(withoutPairs!.p50)} | ${ms(withoutPairs!.p95)} | ${`${withoutPairs!.found} / ${QUESTIONS}`.padStart(23)} |

Languages (docs/decisions/147-foreign-stems-meet-their-own-passages.md's count): 2 Spanish chatbots of ${LANGUAGE_CHUNKS.toLocaleString("en")} chunks, one with ${BILINGUAL_SHARE * 100} % of them in English, top 10

| what                                                                 |       p50 |       p95 | questions with a result |
|----------------------------------------------------------------------|----------:|----------:|------------------------:|
${languageRows.map(([what, r]) => `| ${what.padEnd(68)} | ${ms(r.p50)} | ${ms(r.p95)} | ${`${r.found} / ${QUESTIONS}`.padStart(23)} |`).join("\n")}
`);
    } finally {
      await db.$disconnect();
      await raw.end();
    }
  } finally {
    await server.stop();
  }
}
