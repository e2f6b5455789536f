import { EventEmitter } from "node:events";
import { quickAddJob, type WorkerEvents } from "graphile-worker";
import { beforeAll, describe, expect, it } from "vitest";
import { inTransaction, poolOf, type Db } from "@/server/kernel/db/client";
import { extractHtml, type ExtractedDocument } from "@/server/training/extraction/extract";
import { chunkDocument } from "@/server/training/retrieval/chunk";
import { passageDefines, passagePhrases } from "@/server/training/retrieval/defined-terms";
import { documentLanguage } from "@/server/training/retrieval/document-language";
import { indexSource, readPassagesAgain, readSourcesAgain } from "@/server/training/retrieval/index-source";
import { HEADING_SEPARATOR } from "@/server/training/retrieval/passages";
import { identifierParts } from "@/server/training/retrieval/query-terms";
import { searchPassages } from "@/server/training/retrieval/search";
import { searchConfigFor } from "@/server/training/retrieval/search-language";
import { PASSAGE_READING } from "@/server/training/retrieval/document-language";
import { CHANGE_CHUNKS, CONFIGS_DELTA, LOCK_SOURCES, SEARCHED_TEXT, STATS_DELTA } from "@/server/training/retrieval/sql";
import { taskList } from "@/server/transport/workers";
import { databaseBefore } from "../helpers/db";
import { chatbot, userWithToken } from "../helpers/fixtures";
import { expectIndexConsistent } from "../helpers/index-consistency";
import { runQueueOnce } from "../helpers/queue";
import { BOOT, FRENCH, journalsPage, REMOTE } from "../helpers/partly-translated-page";

/**
 * Migration 20261207070000_passages_read_again and the `reread_passages` job's batches
 * (docs/decisions/149-passages-read-again.md): passages indexed before record 144 carry their page's language;
 * an upgraded installation reads them again in their own, with no training.
 */
let db: Db;
let url: string;
let migrateRest: () => Promise<void>;
let teamId: string;
let userId: string;

const page = (sections: Array<[string, string]>): ExtractedDocument => extractHtml(journalsPage(sections), "https://x.test/fr/journaux");
const JOURNALS = page([
  ["The journal", BOOT],
  ["Rotation des journaux", FRENCH],
  ["Remote logging", REMOTE],
]);
// Stemmed in French, "conservés" and "journaux" meet the question's "conserve" and "journal"; stemmed in English
// (the page's language) they do not, and the English passage saying "conserves" and "journal" answers.
const QUESTION = "Combien de temps conserve-t-on un journal ?";
// Typographic punctuation around and inside words (record 164): under the C locale each was part of its word.
const QUOTED = page([
  [
    "Horodatage",
    "Le démon «rsyslogd» ajoute l’horodatage à chaque message reçu\u00a0; son format se règle dans le fichier de configuration, et chaque message garde ainsi l’heure exacte de sa réception… même quand la machine qui l’envoie n’a pas d’horloge fiable.",
  ],
]);

/** CHANGE_CHUNKS as it was before record 164: each tsvector built from the text as written. */
const HEADING_TEXT = "$5::text || ' ' || c.heading_path || ' ' || c.heading_parts";
const CONTENT_TEXT = "c.content || ' ' || c.content_parts";
const CHANGE_CHUNKS_AS_WRITTEN = CHANGE_CHUNKS.replace(SEARCHED_TEXT(HEADING_TEXT), HEADING_TEXT).replace(SEARCHED_TEXT(CONTENT_TEXT), CONTENT_TEXT);

/**
 * A source indexed as the rule before record 144 did: indexSource's statements (sql.ts CHANGE_CHUNKS as before
 * record 164, and its deltas), every passage in its page's language.
 */
async function indexedInPageLanguage(chatbotId: string, sourceId: string, document: ExtractedDocument, url: string) {
  const pageLanguage = documentLanguage(document, "fr");
  const chunks = await chunkDocument(document);
  await inTransaction(db, async (client) => {
    await client.query(LOCK_SOURCES, [[sourceId]]);
    const { rows } = await client.query<{ chatbot_id: string; chunk_delta: number; length_delta: string; configs: Record<string, number> }>(CHANGE_CHUNKS_AS_WRITTEN, [
      [sourceId],
      chatbotId,
      sourceId,
      chunks.map(() => searchConfigFor(pageLanguage)),
      document.title,
      url,
      chunks.map((c) => c.position),
      chunks.map((c) => c.headingPath.join(HEADING_SEPARATOR)),
      chunks.map((c) => c.content),
      chunks.map((c) => c.tokenCount),
      chunks.map((c) => identifierParts(`${document.title} ${c.headingPath.join(" ")}`)),
      chunks.map((c) => identifierParts(c.content)),
      chunks.map(() => document.weight ?? 1),
      chunks.map((c) => [...passageDefines(c.headingPath, c.content, document.title), ...passagePhrases(c.headingPath, c.content, document.title)].join("\n")),
      chunks.map(() => pageLanguage),
    ]);
    for (const r of rows) {
      await client.query(STATS_DELTA, [r.chatbot_id, r.chunk_delta, r.length_delta]);
      await client.query(CONFIGS_DELTA, [r.chatbot_id, JSON.stringify(r.configs)]);
    }
  });
}

interface PassageRow {
  id: string;
  heading: string;
  language: string;
  search_config: string;
  tsv: string;
  xmin: string;
}
const passages = async (sourceId: string) =>
  (
    await poolOf(db).query<PassageRow>(
      `SELECT id::text, heading_path AS heading, language, search_config, tsv::text, xmin::text FROM source_chunks WHERE source_id = $1 ORDER BY position`,
      [sourceId],
    )
  ).rows.map((r) => ({ ...r, heading: r.heading.split(HEADING_SEPARATOR).at(-1) ?? "" }));
const reading = async (sourceId: string) => (await poolOf(db).query<{ r: number }>(`SELECT passage_reading AS r FROM sources WHERE id = $1`, [sourceId])).rows[0]?.r;
const bookkeeping = async (chatbotId: string) =>
  (
    await poolOf(db).query(
      `SELECT (SELECT json_agg(t ORDER BY lexeme) FROM chatbot_search_terms t WHERE chatbot_id = $1) AS terms,
              (SELECT json_agg(c ORDER BY config) FROM chatbot_search_configs c WHERE chatbot_id = $1) AS configs,
              (SELECT row_to_json(s) FROM chatbot_search_stats s WHERE chatbot_id = $1) AS stats`,
      [chatbotId],
    )
  ).rows[0];

let bots: { reread: string; trained: string };
let sources: { journals: string; english: string; trained: string; quoted: string };

beforeAll(async () => {
  ({ db, url, migrateRest } = await databaseBefore("20261207070000"));
  const owner = await userWithToken(db);
  userId = owner.user.id;
  teamId = (await db.team.create({ data: { name: "T", ownerId: userId } })).id;
  const bot = async () => (await db.chatbot.update({ where: { id: (await chatbot(db, teamId, userId)).id }, data: { defaultLanguage: "fr" } })).id;
  bots = { reread: await bot(), trained: await bot() };
  const source = async (chatbotId: string) => (await db.source.create({ data: { chatbotId, type: "text", indexer: "text", title: "Journaux" } })).id;
  sources = { journals: await source(bots.reread), english: await source(bots.reread), trained: await source(bots.trained), quoted: await source(bots.reread) };
  // Before the migration: the rule of records 116–143 indexed every passage in its page's language.
  await indexedInPageLanguage(bots.reread, sources.journals, JOURNALS, "https://x.test/fr/journaux");
  await indexedInPageLanguage(bots.reread, sources.english, page([["Remote logging", REMOTE]]), "https://x.test/fr/remote");
  await indexedInPageLanguage(bots.trained, sources.trained, JOURNALS, "https://x.test/fr/journaux");
  await indexedInPageLanguage(bots.reread, sources.quoted, QUOTED, "https://x.test/fr/horodatage");
  await migrateRest();
});

describe("passages indexed before each had its own language, read again (reread_passages)", () => {
  it("reads a source's passages under its lock: a training that commits first keeps what it wrote", async () => {
    // The other chatbot's source, its French passage stemmed as English: read before the training, it would be written back after it.
    const pool = poolOf(db);
    const waiting = async (n: number) => {
      for (let i = 0; i < 500; i++) {
        const { rows } = await pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        );
        if (rows[0]!.n >= n) return;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`${n} waiters never queued on the source's lock`);
    };
    const holder = await pool.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(LOCK_SOURCES, [[sources.trained]]);
      // The training asks for the source's lock first, the re-reading after it: the re-reading must read what the training committed.
      const training = indexSource(db, { sourceId: sources.trained, chatbotId: bots.trained, document: page([["Remote logging", REMOTE]]), url: "https://x.test/fr/journaux" });
      await waiting(1);
      const rereading = readPassagesAgain(db, sources.trained);
      await waiting(2);
      await holder.query("COMMIT");
      const [trained, moved] = await Promise.all([training, rereading]);
      expect(trained.chunkCount).toBe(1);
      expect(moved).toBe(0);
    } finally {
      holder.release();
    }
    const rows = await pool.query<{ content: string; language: string }>(`SELECT content, language FROM source_chunks WHERE source_id = $1`, [sources.trained]);
    expect(rows.rows).toEqual([{ content: expect.stringContaining("queues them on disk") as string, language: "en" }]);
    expect(await reading(sources.trained)).toBe(PASSAGE_READING);
    await expectIndexConsistent(db, bots.trained);
  });
  it("indexes each passage again in its own language, with the index's bookkeeping, and a second run changes nothing", async () => {
    const before = await passages(sources.journals);
    expect(before.map((p) => `${p.heading}: ${p.language}/${p.search_config}`)).toEqual(["The journal: en/english", "Rotation des journaux: en/english", "Remote logging: en/english"]);
    const [missed] = await searchPassages(db, { chatbotId: bots.reread, query: QUESTION, topK: 5, language: "fr" });
    expect(missed?.content).toContain("The journal keeps the logs");
    expect(await reading(sources.journals)).toBe(1);
    const englishBefore = await passages(sources.english);
    // Under the C locale (the embedded server's), the text as written glued the punctuation to its words.
    const { rows: ctype } = await poolOf(db).query<{ c: string }>(`SELECT datctype AS c FROM pg_database WHERE datname = current_database()`);
    if (ctype[0]!.c === "C") expect((await passages(sources.quoted))[0]!.tsv).not.toMatch(/'rsyslogd':\d/);

    // One source a batch: the first batch says where the next starts.
    const first = await readSourcesAgain(db, null, 1);
    expect(first.sources).toBe(1);
    expect(first.next).not.toBeNull();
    let rest = await readSourcesAgain(db, first.next, 10);
    while (rest.next) rest = await readSourcesAgain(db, rest.next, 10);
    expect(first.passages + rest.passages).toBe(1);

    const after = await passages(sources.journals);
    expect(after.map((p) => `${p.heading}: ${p.language}/${p.search_config}`)).toEqual(["The journal: en/english", "Rotation des journaux: fr/french", "Remote logging: en/english"]);
    expect(after[1]!.tsv).not.toBe(before[1]!.tsv);
    expect(after[1]!.id).not.toBe(before[1]!.id);
    expect(await reading(sources.journals)).toBe(PASSAGE_READING);
    // A source whose passages all keep their language is written again all the same, as every source read before
    // the searched text (record 164): the same languages and words, new rows.
    const englishAfter = await passages(sources.english);
    const kept = (rows: PassageRow[]) => rows.map(({ heading, language, search_config, tsv }) => ({ heading, language, search_config, tsv }));
    expect(kept(englishAfter)).toEqual(kept(englishBefore));
    expect(englishAfter[0]!.id).not.toBe(englishBefore[0]!.id);
    expect(await reading(sources.english)).toBe(PASSAGE_READING);
    await expectIndexConsistent(db, bots.reread);

    // A passage indexed before record 164 is written again from its words: a quoted name and an elided word meet the question's.
    expect(CHANGE_CHUNKS_AS_WRITTEN).not.toBe(CHANGE_CHUNKS);
    const [quoted] = await passages(sources.quoted);
    expect(quoted!.tsv).toMatch(/'rsyslogd':\d/);
    expect(quoted!.tsv).toMatch(/'horodatag':\d/);
    expect(await reading(sources.quoted)).toBe(PASSAGE_READING);
    const [stamped] = await searchPassages(db, { chatbotId: bots.reread, query: "Que fait rsyslogd de l'horodatage ?", topK: 5, language: "fr" });
    expect(stamped?.sourceId).toBe(sources.quoted);

    // The French question finds the French passage, stemmed now as French.
    const [hit] = await searchPassages(db, { chatbotId: bots.reread, query: QUESTION, topK: 5, language: "fr" });
    expect(hit).toMatchObject({ sourceId: sources.journals, language: "fr" });
    expect(hit?.content).toContain("Les journaux sont conservés");

    // A second run finds nothing left: no row, no count moves.
    const rows = await passages(sources.journals);
    const counts = await bookkeeping(bots.reread);
    expect(await readSourcesAgain(db, null, 10)).toEqual({ sources: 0, passages: 0, next: null });
    expect(await readPassagesAgain(db, sources.journals)).toBe(0);
    expect(await passages(sources.journals)).toEqual(rows);
    expect(await bookkeeping(bots.reread)).toEqual(counts);
  });


  it("runs through the queue as the job a worker queues at its start, a batch after another until no source is left", async () => {
    // More sources than a batch (sources with no passages yet: a new upload's, a crawl's pending pages) left at rule 1.
    await db.source.createMany({ data: Array.from({ length: 60 }, (_, i) => ({ chatbotId: bots.reread, type: "text", indexer: "text", title: `t${i}` })) });
    const below = async () => (await poolOf(db).query<{ n: number }>(`SELECT count(*)::int AS n FROM sources WHERE passage_reading < 2`)).rows[0]!.n;
    expect(await below()).toBeGreaterThanOrEqual(60);
    await quickAddJob({ connectionString: url }, "reread_passages", {});
    // The queue is run until it is empty, as a continuous worker would: one runOnce has once (on a loaded CI
    // machine) ended with a batch's job queued and not yet taken. Bounded, so a chain that never ends still fails.
    const events: WorkerEvents = new EventEmitter();
    let ran = 0;
    events.on("job:success", () => void ran++);
    const queued = async () => (await poolOf(db).query(`SELECT task_identifier, key, attempts, last_error, locked_at, run_at, now() AS now FROM graphile_worker.jobs`)).rows;
    for (let round = 0; round < 3 && (await queued()).length > 0; round++) await runQueueOnce(url, { taskList: taskList(db), events });
    expect(await below()).toBe(0);
    // 60 sources and more, 50 a batch: the first job queued the next, and the last queued none.
    expect(ran).toBeGreaterThanOrEqual(2);
    expect(await queued()).toEqual([]);
  });
});
