import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { poolOf } from "@/server/kernel/db/client";
import { extractHtml, extractPlainText, INDEX_LIKE_WEIGHT } from "@/server/training/extraction/extract";
import { indexSource, removeSourceChunks } from "@/server/training/retrieval/index-source";
import { searchPassages } from "@/server/training/retrieval/search";
import { createTestDatabase } from "../helpers/db";
import { chatbot, userWithToken } from "../helpers/fixtures";
import { expectIndexConsistent } from "../helpers/index-consistency";
import { BOOT, FRENCH, journalsPage, REMOTE } from "../helpers/partly-translated-page";

/** The retrieval index on a real database: indexSource / removeSourceChunks / searchPassages. */
let db: Db;
let teamId: string;
let userId: string;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  const owner = await userWithToken(db);
  userId = owner.user.id;
  teamId = (await db.team.create({ data: { name: "T", ownerId: userId } })).id;
});

async function bot(language = "en") {
  const b = await chatbot(db, teamId, userId);
  return db.chatbot.update({ where: { id: b.id }, data: { defaultLanguage: language } });
}

async function source(chatbotId: string, title = "") {
  return db.source.create({ data: { chatbotId, type: "text", indexer: "text", title } });
}

const SHIPPING = extractPlainText(
  "# Shipping\n\nWe ship parcels to Canada and Mexico within 5 business days.\n\n## Express\n\nExpress delivery costs $19 and arrives the next day.",
  "md",
);
const RETURNS = extractPlainText("# Returns\n\nUnworn shoes can be returned within 60 days for a full refund.", "md");

/** The statistics tables must always equal what recounting the chunks gives. */
const expectStatsConsistent = (chatbotId: string) => expectIndexConsistent(db, chatbotId);

describe("indexSource and searchPassages", () => {
  it("finds the passage that answers, with its source, url, title and heading path", async () => {
    const b = await bot();
    const shipping = await source(b.id);
    const returns = await source(b.id);
    expect(await indexSource(db, { sourceId: shipping.id, chatbotId: b.id, document: SHIPPING, url: "https://shop.test/shipping" })).toEqual({ chunkCount: 1 });
    await indexSource(db, { sourceId: returns.id, chatbotId: b.id, document: RETURNS, url: null });

    const hits = await searchPassages(db, { chatbotId: b.id, query: "How long do returns take for a refund?", topK: 5 });
    expect(hits[0]).toMatchObject({ sourceId: returns.id, url: null, title: "Returns", headingPath: "Returns" });
    expect(hits[0]?.content).toContain("60 days");

    const ship = await searchPassages(db, { chatbotId: b.id, query: "shipping to Canada", topK: 5 });
    expect(ship.map((p) => p.sourceId)).toEqual([shipping.id]);
    expect(ship[0]).toMatchObject({ url: "https://shop.test/shipping", title: "Shipping" });
    expect(ship[0]?.score).toBeGreaterThan(0);
    await expectStatsConsistent(b.id);
  });

  it("corrects typos against the chatbot's vocabulary", async () => {
    const b = await bot();
    const s = await source(b.id);
    await indexSource(db, { sourceId: s.id, chatbotId: b.id, document: SHIPPING, url: null });
    await indexSource(db, { sourceId: (await source(b.id)).id, chatbotId: b.id, document: RETURNS, url: null });
    const hits = await searchPassages(db, { chatbotId: b.id, query: "shiping to Canda", topK: 3 });
    expect(hits[0]?.sourceId).toBe(s.id);
  });

  it("returns nothing for stop words only, unknown words, or an empty query", async () => {
    const b = await bot();
    await indexSource(db, { sourceId: (await source(b.id)).id, chatbotId: b.id, document: SHIPPING, url: null });
    expect(await searchPassages(db, { chatbotId: b.id, query: "", topK: 5 })).toEqual([]);
    expect(await searchPassages(db, { chatbotId: b.id, query: "what is the", topK: 5 })).toEqual([]);
    expect(await searchPassages(db, { chatbotId: b.id, query: "zzyzx qwfp", topK: 5 })).toEqual([]);
  });

  it("re-indexing replaces a source's chunks and keeps the statistics exact", async () => {
    const b = await bot();
    const s = await source(b.id);
    await indexSource(db, { sourceId: s.id, chatbotId: b.id, document: SHIPPING, url: null });
    await indexSource(db, { sourceId: s.id, chatbotId: b.id, document: RETURNS, url: null });
    expect(await db.sourceChunk.count({ where: { sourceId: s.id } })).toBe(1);
    expect(await searchPassages(db, { chatbotId: b.id, query: "Canada", topK: 5 })).toEqual([]);
    expect(await searchPassages(db, { chatbotId: b.id, query: "refund", topK: 5 })).toHaveLength(1);
    await expectStatsConsistent(b.id);
  });

  it("concurrent indexing of one chatbot neither deadlocks nor loses counts", async () => {
    const b = await bot();
    const sources = await Promise.all(Array.from({ length: 8 }, () => source(b.id)));
    await Promise.all(
      sources.map((s, i) => indexSource(db, { sourceId: s.id, chatbotId: b.id, document: i % 2 ? SHIPPING : RETURNS, url: null })),
    );
    await Promise.all(sources.slice(0, 4).map((s) => indexSource(db, { sourceId: s.id, chatbotId: b.id, document: SHIPPING, url: null })));
    await expectStatsConsistent(b.id);
  });

  it("searches only live sources, and removeSourceChunks removes chunks and statistics", async () => {
    const b = await bot();
    const s = await source(b.id);
    const other = await source(b.id);
    await indexSource(db, { sourceId: s.id, chatbotId: b.id, document: SHIPPING, url: null });
    await indexSource(db, { sourceId: other.id, chatbotId: b.id, document: RETURNS, url: null });
    await db.source.update({ where: { id: s.id }, data: { deletedAt: new Date() } });
    expect(await searchPassages(db, { chatbotId: b.id, query: "express delivery", topK: 5 })).toEqual([]);
    await removeSourceChunks(db, [s.id, other.id]);
    expect(await db.sourceChunk.count({ where: { chatbotId: b.id } })).toBe(0);
    await expectStatsConsistent(b.id);
    await removeSourceChunks(db, []);
  });

  it("keeps chatbots apart", async () => {
    const a = await bot();
    const c = await bot();
    await indexSource(db, { sourceId: (await source(a.id)).id, chatbotId: a.id, document: SHIPPING, url: null });
    expect(await searchPassages(db, { chatbotId: c.id, query: "shipping", topK: 5 })).toEqual([]);
  });

  it("stems with the chatbot's language", async () => {
    const b = await bot("de");
    const s = await source(b.id);
    const doc = extractHtml("<html><head><title>Versand</title></head><body><h1>Versand</h1><p>Wir versenden alle Bestellungen innerhalb von zwei Tagen.</p></body></html>", "https://x.test/versand");
    await indexSource(db, { sourceId: s.id, chatbotId: b.id, document: doc, url: null });
    const hits = await searchPassages(db, { chatbotId: b.id, query: "Wann wird meine Bestellung versendet?", topK: 5 });
    expect(hits[0]?.sourceId).toBe(s.id);
  });

  it("takes the language from the caller when given (no look-up); the question is stemmed in the passages' language whatever it is", async () => {
    const b = await bot("de");
    const s = await source(b.id);
    const doc = extractHtml("<html><head><title>Versand</title></head><body><h1>Versand</h1><p>Wir versenden alle Bestellungen innerhalb von zwei Tagen.</p></body></html>", "https://x.test/versand");
    await indexSource(db, { sourceId: s.id, chatbotId: b.id, document: doc, url: null });
    const query = "Bestellungen versendet";
    expect((await searchPassages(db, { chatbotId: b.id, query, topK: 5, language: "de" }))[0]?.sourceId).toBe(s.id);
    // The passage was indexed in German: "versendet" meets "versenden" (versend) whatever language the caller
    // names, and the question's own language adds nothing a German passage lacks.
    const [german] = await searchPassages(db, { chatbotId: b.id, query, topK: 5, language: "de" });
    const [plain] = await searchPassages(db, { chatbotId: b.id, query, topK: 5, language: "xx", questionLanguage: "xx" });
    expect(plain?.score).toBeCloseTo(german!.score, 6);
  });

  it("indexes each page in its own language: a site in two languages answers each question from its own pages", async () => {
    const b = await bot("en");
    const german = await source(b.id);
    const english = await source(b.id);
    const declared = await source(b.id);
    const GERMAN_PAGE = "<html><head><title>Versand</title></head><body><h1>Versand</h1><p>Wir versenden alle Bestellungen innerhalb von zwei Werktagen. Die Lieferung dauert danach meist ein bis drei Tage.</p></body></html>";
    const ENGLISH_PAGE = "<html><head><title>Shipping</title></head><body><h1>Shipping</h1><p>We ship every order within two working days. Delivery then takes one to three days.</p></body></html>";
    await indexSource(db, { sourceId: german.id, chatbotId: b.id, document: extractHtml(GERMAN_PAGE, "https://x.test/de/versand"), url: "https://x.test/de/versand" });
    await indexSource(db, { sourceId: english.id, chatbotId: b.id, document: extractHtml(ENGLISH_PAGE, "https://x.test/en/shipping"), url: "https://x.test/en/shipping" });
    // A page that declares its language is taken at its word.
    await indexSource(db, { sourceId: declared.id, chatbotId: b.id, document: extractHtml(GERMAN_PAGE.replace("<html>", '<html lang="de-CH">'), "https://x.test/ch"), url: "https://x.test/ch" });

    const chunks = await db.sourceChunk.findMany({ where: { chatbotId: b.id }, select: { sourceId: true, language: true, searchConfig: true } });
    expect(Object.fromEntries(chunks.map((c) => [c.sourceId, `${c.language}/${c.searchConfig}`]))).toEqual({
      [german.id]: "de/german",
      [english.id]: "en/english",
      [declared.id]: "de/german",
    });
    await expectStatsConsistent(b.id);

    // German stemming meets "versendet" and "Bestellung" only on the German pages; English finds "shipped" on its own.
    const inGerman = await searchPassages(db, { chatbotId: b.id, query: "Wann wird meine Bestellung versendet?", topK: 5, language: "en" });
    expect(new Set(inGerman.slice(0, 2).map((p) => p.sourceId))).toEqual(new Set([german.id, declared.id]));
    const inEnglish = await searchPassages(db, { chatbotId: b.id, query: "When is my order shipped?", topK: 5, language: "en" });
    expect(inEnglish[0]?.sourceId).toBe(english.id);

    await removeSourceChunks(db, [german.id, declared.id]);
    await expectStatsConsistent(b.id);
    const left = await poolOf(db).query(`SELECT config, chunk_count::int AS n FROM chatbot_search_configs WHERE chatbot_id = $1 ORDER BY config`, [b.id]);
    expect(left.rows).toEqual([{ config: "english", n: 1 }, { config: "german", n: 0 }]);
  });

  it("indexes each passage in its own language: on a page left partly untranslated, a French question finds the French passage, an English one the English", async () => {
    const b = await bot("fr");
    const s = await source(b.id);
    const page = journalsPage([
      ["The journal", BOOT],
      ["Rotation des journaux", FRENCH],
      ["Remote logging", REMOTE],
    ]);
    await indexSource(db, { sourceId: s.id, chatbotId: b.id, document: extractHtml(page, "https://x.test/fr/journaux"), url: "https://x.test/fr/journaux" });

    const chunks = await db.sourceChunk.findMany({ where: { sourceId: s.id }, orderBy: { position: "asc" }, select: { headingPath: true, language: true, searchConfig: true } });
    expect(chunks.map((c) => `${c.headingPath.split(" › ").at(-1)}: ${c.language}/${c.searchConfig}`)).toEqual([
      "The journal: en/english",
      "Rotation des journaux: fr/french",
      "Remote logging: en/english",
    ]);
    await expectStatsConsistent(b.id);

    // Stemmed in French, "conservés" and "journaux" meet the question's "conserve" and "journal"; stemmed in English they would
    // not ("conservé", "journaux"), and the English passage saying "conserves" and "journal" would answer.
    const [inFrench] = await searchPassages(db, { chatbotId: b.id, query: "Combien de temps conserve-t-on un journal ?", topK: 5, language: "fr" });
    expect(inFrench?.content).toContain("Les journaux sont conservés");
    const [inEnglish] = await searchPassages(db, { chatbotId: b.id, query: "Does the journal keep the logs of every boot?", topK: 5, language: "fr" });
    expect(inEnglish?.content).toContain("The journal keeps the logs");
    // Each passage comes with the language it is indexed in: the answer reads its sentences in it (record 146).
    expect([inFrench?.language, inEnglish?.language]).toEqual(["fr", "en"]);
  });

  it("looks up no part of a word that is a stop word in the question's language, in any language: \"qu'est-ce\" is not \"qu\", \"est\", \"ce\" in English", async () => {
    const b = await bot("fr");
    const page = (title: string, text: string, lang: string) => extractHtml(`<html lang="${lang}"><head><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`, `https://x.test/${title}`);
    const docs = [
      page("Debian", "Debian est une distribution libre, faite par des bénévoles du monde entier, qui fournit des milliers de paquets.", "fr"),
      ...["Ubuntu", "Fedora", "Arch"].map((t) => page(t, `${t} est une distribution qui fournit des paquets et des mises à jour.`, "fr")),
      // English passages saying "qu", "est", "ce" (a French heading, an abbreviation): English keeps them as words.
      page("Codes", "The CE mark, the EST time zone and the QU code are printed on every Debian box.", "en"),
    ];
    const ids: string[] = [];
    for (const doc of docs) {
      const s = await source(b.id);
      ids.push(s.id);
      await indexSource(db, { sourceId: s.id, chatbotId: b.id, document: doc, url: null });
    }
    const [top] = await searchPassages(db, { chatbotId: b.id, query: "Qu'est-ce que Debian ?", topK: 5, language: "fr" });
    expect(top?.sourceId).toBe(ids[0]);
  });

  it("weighs a word by all its stems together: a page in the chatbot's language indexed as another does not outweigh the pages that answer", async () => {
    const b = await bot("fr");
    const page = (title: string, text: string, lang = "fr") => extractHtml(`<html lang="${lang}"><head><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`, `https://x.test/${title}`);
    const others = ["Serveur", "Portable", "Bureau", "Réseau", "Disque"].map((t) =>
      page(t, `Le type d'installation ${t.toLowerCase()} convient à la plupart des machines de ce genre, quel que soit leur âge.`),
    );
    const answer = page("Choisir", "Choisissez le type d'installation souhaité : le type d'installation minimal suffit pour démarrer.");
    // French text on a page that says it is English (a licence whose notice stays English): stemmed in English,
    // "type" and "installation" are rare there (one passage) while the French stems are on every page.
    const licence = page("Licence", "Vous pouvez choisir la licence de votre choix, quel que soit le type d'installation.", "en");
    const ids: string[] = [];
    for (const doc of [...others, answer, licence]) {
      const s = await source(b.id);
      ids.push(s.id);
      await indexSource(db, { sourceId: s.id, chatbotId: b.id, document: doc, url: null });
    }
    const [top] = await searchPassages(db, { chatbotId: b.id, query: "Quel type d'installation choisir ?", topK: 5, language: "fr" });
    expect(top?.sourceId).toBe(ids[5]);
    await expectStatsConsistent(b.id);
  });

  it("meets a word stemmed in another language only in that language's passages: English \"funcion\" of \"funcional\" is not Spanish \"función\"", async () => {
    const b = await bot("es");
    const page = (title: string, text: string, lang = "es") => extractHtml(`<html lang="${lang}"><head><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`, `https://x.test/${title}`);
    const others = ["Red", "Disco", "Teclado", "Pantalla"].map((t) =>
      page(t, `La función del instalador para ${t.toLowerCase()}: esta función funciona y cumple su función sin más pasos.`),
    );
    const answer = page("Programa", "El instalador es un programa funcional que copia el sistema sin más pasos.");
    const fillers = ["Cuentas", "Fechas", "Idiomas", "Copias", "Correo", "Impresoras", "Relojes", "Mapas"].map((t) => page(t, `${t}: se configuran en el menú principal, con sus opciones de siempre.`));
    // One English passage: the chatbot's passages are also stemmed in English, where "funcional" is "funcion",
    // the Spanish stem of "función".
    const notice = page("Notice", "This notice is printed in English on every copy of the manual.", "en");
    const ids: string[] = [];
    for (const doc of [...others, answer, notice, ...fillers]) {
      const s = await source(b.id);
      ids.push(s.id);
      await indexSource(db, { sourceId: s.id, chatbotId: b.id, document: doc, url: null });
    }
    const configs = await poolOf(db).query(`SELECT config FROM chatbot_search_configs WHERE chatbot_id = $1 AND chunk_count > 0 ORDER BY config`, [b.id]);
    expect(configs.rows.map((r) => r.config)).toEqual(["english", "spanish"]);
    const [top] = await searchPassages(db, { chatbotId: b.id, query: "¿Qué instalador es funcional?", topK: 5, language: "es", questionLanguage: "es" });
    expect(top?.sourceId).toBe(ids[4]);
    // An English word of the question still meets the English passage.
    const [english] = await searchPassages(db, { chatbotId: b.id, query: "¿Dónde está el notice del manual?", topK: 5, language: "es", questionLanguage: "es" });
    expect(english?.sourceId).toBe(ids[5]);
  });

  it("weighs each part of a compound word by itself: a rare package name is not as common as its `dev` suffix", async () => {
    const b = await bot("en");
    const ids: string[] = [];
    const texts = [
      ...Array.from({ length: 8 }, (_, i) => `We explain the dev setup of project ${i}: the dev branch, the dev builds and the dev mailing list.`),
      "The libncurses5-dev package holds the developer files for ncurses.",
    ];
    for (const text of texts) {
      const s = await source(b.id);
      ids.push(s.id);
      await indexSource(db, { sourceId: s.id, chatbotId: b.id, document: extractPlainText(text, "txt"), url: null });
    }
    const [top] = await searchPassages(db, { chatbotId: b.id, query: "Can you explain libncurses5-dev?", topK: 5, language: "en" });
    expect(top?.sourceId).toBe(ids[8]);
  });

  it("meets an underscored identifier as written: the passage naming journal_size_limit beats those using its words apart", async () => {
    const b = await bot("en");
    const ids: string[] = [];
    const texts = [
      ...Array.from(
        { length: 6 },
        (_, i) => `Journal ${i}: the size of the journal has a limit; past that size limit the journal is truncated, and the limit is a size in bytes.`,
      ),
      "PRAGMA schema.journal_size_limit = N; sets how large a rollback journal or WAL file left behind may grow, in bytes, after a transaction; a negative value means no limit at all.",
    ];
    for (const text of texts) {
      const s = await source(b.id);
      ids.push(s.id);
      await indexSource(db, { sourceId: s.id, chatbotId: b.id, document: extractPlainText(text, "txt"), url: null });
    }
    const [top] = await searchPassages(db, { chatbotId: b.id, query: "What is journal_size_limit used for?", topK: 5, language: "en" });
    expect(top?.sourceId).toBe(ids[6]);
  });

  it("meets the question's words in its order: the passage a reworded sentence came from beats 45 using the same words apart", async () => {
    const b = await bot("en");
    // Every distractor holds every word of the question, more often and in a shorter passage: BM25 over single
    // words ranks each above the target, and a pre-score over the rarest words ties them all (the shorter first).
    for (let i = 0; i < 45; i++) {
      const s = await source(b.id);
      const text = `Entry ${i}: to create the index, give it contents; a commit records changes, and each commit has a log. Describing changes: the current message is new, containing what was given; the log message describes the commit, the index contents and the changes.`;
      await indexSource(db, { sourceId: s.id, chatbotId: b.id, document: extractPlainText(text, "txt"), url: null });
    }
    const target = await source(b.id);
    const sentence = "Create a new commit containing the current contents of the index and the given log message describing the changes.";
    const text = `git-commit records changes to the repository. ${sentence} The new commit is a direct child of HEAD, usually the tip of the current branch, and the branch is updated to point to it, unless no branch is associated with the working tree, in which case HEAD is detached as described in the manual.`;
    await indexSource(db, { sourceId: target.id, chatbotId: b.id, document: extractPlainText(text, "txt"), url: null });
    const [top] = await searchPassages(db, { chatbotId: b.id, query: `Where is it explained that ${sentence[0]!.toLowerCase()}${sentence.slice(1, -1)}?`, topK: 5, language: "en" });
    expect(top?.sourceId).toBe(target.id);
  });

  it("indexes words however the text punctuates them: quoted, elided, before an ellipsis or a pilcrow, joined by a dash", async () => {
    const b = await bot("es");
    const texts: Array<[string, string]> = [
      ["es", "El comando «color a alfa» hace transparentes los píxeles de un color… y conserva el alisado."],
      ["es", "La paleta muestra el color de cada canal alfa de la imagen."],
      ["fr", "La commande “Couleur vers alpha” rend transparente l’image d’un calque\u00a0; GIMP™ la place dans le menu Couleurs→Transparence."],
      ["en", "Exception and Defect classes¶ The email package—its parser and generator—raises them."],
    ];
    const ids: string[] = [];
    for (const [language, text] of texts) {
      const s = await source(b.id);
      ids.push(s.id);
      await indexSource(db, { sourceId: s.id, chatbotId: b.id, document: { ...extractPlainText(text, "txt"), language }, url: null });
    }
    const lexemes = async (sourceId: string) =>
      (await poolOf(db).query<{ l: string[] }>(`SELECT tsvector_to_array(tsv) AS l FROM source_chunks WHERE source_id = $1`, [sourceId])).rows[0]!.l;
    expect(await lexemes(ids[0]!)).toEqual(expect.arrayContaining(["color", "alfa", "alis"]));
    expect(await lexemes(ids[2]!)).toEqual(expect.arrayContaining(["couleur", "alpha", "imag", "calqu", "gimp", "transparent"]));
    expect(await lexemes(ids[3]!)).toEqual(expect.arrayContaining(["class", "packag", "parser", "generat"]));
    // Only the words: no lexeme keeps a quote, an apostrophe, an ellipsis, a pilcrow, a dash, a symbol or a no-break space.
    for (const id of [ids[0]!, ids[2]!, ids[3]!]) for (const lexeme of await lexemes(id)) expect(lexeme).toMatch(/^[\p{L}\p{N}.-]+$/u);
    // The sentence that names the command answers, not the one using its words apart.
    const [top] = await searchPassages(db, { chatbotId: b.id, query: "¿Qué hace color a alfa?", topK: 3, language: "es" });
    expect(top?.sourceId).toBe(ids[0]);
    await expectStatsConsistent(b.id);
  });

  it("weighs an index-like page's own opening as content and its list of links as an index (record 165)", async () => {
    const b = await bot("en");
    const commands = Array.from({ length: 12 }, (_, i) => `<li><a href="https://docs.example/alpha-${i}.html">Section 7.${34 + i}, “Alpha channel command ${i}”</a></li>`).join("");
    const opening = "The Transparency submenu contains commands that use or affect the alpha channel of the active layer.";
    const submenu = `<html><head><title>The Transparency submenu</title></head><body><main><h1>7.33. The Transparency submenu</h1><p>${opening}</p><h2>7.33.1. Activating the submenu</h2><p>Open it from Layer → Transparency.</p><ul>${commands}</ul></main></body></html>`;
    const hub = await source(b.id);
    await indexSource(db, { sourceId: hub.id, chatbotId: b.id, document: extractHtml(submenu, "https://docs.example/layer-transparency-menu.html"), url: null });
    // Pages that mention the same words in passing, each once.
    for (const [i, text] of [
      "Remove alpha channel: this command removes the alpha channel of the active layer; the submenu of Transparency lists it.",
      "Alpha to selection: the command makes a selection from the alpha channel of the active layer, in the Transparency submenu.",
      "Color to alpha: the command makes a color of the active layer transparent, affecting its alpha channel; see the Transparency submenu.",
    ].entries()) {
      const s = await source(b.id);
      await indexSource(db, { sourceId: s.id, chatbotId: b.id, document: extractPlainText(`# Command ${i}\n\n${text}`, "md"), url: null });
    }
    const weights = (await poolOf(db).query<{ page_weight: number; content: string }>(`SELECT page_weight, content FROM source_chunks WHERE source_id = $1 ORDER BY position`, [hub.id])).rows;
    expect(weights.find((w) => w.content.includes(opening))?.page_weight).toBe(1);
    expect(weights.filter((w) => w.content.includes("Alpha channel command")).map((w) => w.page_weight)).toEqual(expect.arrayContaining([INDEX_LIKE_WEIGHT]));
    expect(weights.every((w) => w.page_weight === 1 || !w.content.includes(opening))).toBe(true);
    const [top] = await searchPassages(db, { chatbotId: b.id, query: "Where is it explained that the Transparency submenu contains commands that use or affect the alpha channel of the active layer?", topK: 3, language: "en" });
    expect(top?.sourceId).toBe(hub.id);
    await expectStatsConsistent(b.id);
  });

  it("an empty document leaves no chunks", async () => {
    const b = await bot();
    const s = await source(b.id);
    expect(await indexSource(db, { sourceId: s.id, chatbotId: b.id, document: { title: "x", blocks: [] }, url: null })).toEqual({ chunkCount: 0 });
    await expectStatsConsistent(b.id);
  });
});
