import { describe, expect, it } from "vitest";
import { poolOf } from "@/server/kernel/db/client";
import { databaseBefore } from "../helpers/db";
import { chatbot, userWithToken } from "../helpers/fixtures";

/**
 * Migration 20261206130000_passage_languages: passages indexed before it were stemmed with their chatbot's
 * `default_language`; they are marked with it and counted per configuration, so nothing needs training again.
 */
describe("passages indexed before passages had their own language", () => {
  it("take their chatbot's default_language and its text search configuration", async () => {
    const { db, migrateRest } = await databaseBefore("20261206130000");
    const owner = await userWithToken(db);
    const teamId = (await db.team.create({ data: { name: "T", ownerId: owner.user.id } })).id;
    const bots: Record<string, string> = {};
    for (const language of ["de-AT", "en", "xx"]) {
      const b = await chatbot(db, teamId, owner.user.id);
      await db.chatbot.update({ where: { id: b.id }, data: { defaultLanguage: language } });
      bots[language] = b.id;
    }
    const pool = poolOf(db);
    for (const [language, chatbotId] of Object.entries(bots)) {
      const source = await db.source.create({ data: { chatbotId, type: "text", indexer: "text", title: "t" } });
      for (const position of [0, 1]) {
        await pool.query(
          `INSERT INTO source_chunks (chatbot_id, source_id, position, content, token_count, tsv, length) VALUES ($1, $2, $3, $4, 5, to_tsvector($4), 5)`,
          [chatbotId, source.id, position, `passage ${position} of a chatbot in ${language}`],
        );
      }
    }
    await migrateRest();
    const chunks = await pool.query<{ chatbot_id: string; language: string; search_config: string }>(`SELECT DISTINCT chatbot_id::text, language, search_config FROM source_chunks`);
    expect(Object.fromEntries(chunks.rows.map((r) => [r.chatbot_id, `${r.language}/${r.search_config}`]))).toEqual({
      [bots["de-AT"]!]: "de/german",
      [bots.en!]: "en/english",
      [bots.xx!]: "xx/simple",
    });
    const configs = await pool.query<{ chatbot_id: string; config: string; chunk_count: string }>(`SELECT chatbot_id::text, config, chunk_count::text FROM chatbot_search_configs`);
    expect(Object.fromEntries(configs.rows.map((r) => [r.chatbot_id, `${r.config} ${r.chunk_count}`]))).toEqual({
      [bots["de-AT"]!]: "german 2",
      [bots.en!]: "english 2",
      [bots.xx!]: "simple 2",
    });
  });
});
