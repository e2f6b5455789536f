/**
 * All SQL of the retrieval index, in one place (docs/decisions/020-retrieval-bm25-in-sql.md; tables in
 * prisma/migrations/20261123110000_retrieval_index).
 *
 * BM25 (Robertson/Lucene form) over OR-ed query lexemes:
 *   score(chunk) = Σ_terms idf(t) · tf·(k1+1) / (tf + k1·(1 − b + b·len/avgdl))
 *   idf(t)       = ln(1 + (N − df + 0.5) / (df + 0.5))
 * with tf counting an occurrence in the title/heading path (weight A) as
 * TITLE_TF occurrences of the body (weight D). N, avgdl and df come from the
 * statistics tables that CHANGE_CHUNKS keeps in step with the chunks, so the
 * query reads them with primary-key lookups instead of counting.
 */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
export const TITLE_TF = 3;
/** A misspelt word stands in for its closest known lexeme only above this trigram similarity. */
export const TYPO_MIN_SIMILARITY = 0.4;
/** Matching chunks a search scores at most (see SEARCH: candidates). */
export const CANDIDATE_BUDGET = 1000;
/** Pre-scored matches whose tsvector is read for the exact BM25 score. */
export const RESCORED = 40;
/**
 * Best pre-scored matches whose tsvector is read for the question's word pairs (docs/decisions/163-word-pairs.md):
 * the passage a sentence came from holds every word the pre-score counts, so it is among the first whatever it ties with.
 */
export const PAIRED = 200;
/**
 * A passage that defines a term of the question (its `defines` keys, defined-terms.ts: a heading or `<dt>`
 * term inside it *is* the asked identifier — `PYTHONPATH`, `object.__enter__(self)` for "__enter__") has its
 * score multiplied by this, so the defining page beats pages that merely mention the term.
 */
export const DEFINITION_BOOST = 2.5;
/**
 * Defining passages that join the candidates whatever their pre-score (docs/decisions/085): a term defined
 * in a long passage, or mentioned by many short ones, would otherwise never be rescored.
 */
export const DEFINERS = 20;
/** A lexeme as a quoted tsquery operand (backslashes and quotes escaped). */
const QUOTED_LEXEME = (alias: string) => `'''' || replace(replace(${alias}.lexeme, '\\', '\\\\'), '''', '''''') || ''''`;
const QUOTED_PICKED = QUOTED_LEXEME("p");

/** A string as an SQL literal. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The text a passage's tsvector is built from (docs/decisions/164-typographic-punctuation.md): PostgreSQL's parser
 * classifies a character outside ASCII by the database's locale, and under the C locale (the embedded server's) every
 * one is a letter, so «color», “quoted”, l’image, alfa…, classes¶, GIMP™, a word and its neighbour joined by an
 * em dash or a no-break space were each one word that no question's word meets. Typographic apostrophes become
 * ASCII ones and Unicode hyphens ASCII hyphens (the parser splits or keeps them as it does those), soft hyphens and
 * zero-width characters go, and the punctuation, symbols and spaces of Latin-1 and of Unicode's punctuation, currency,
 * letterlike, arrow, technical, box, shape and dingbat blocks become spaces: the same words under every locale.
 */
const TYPOGRAPHIC = "\u2019\u2018\u201b\u02bc\u2010\u2011\u00ad\u200b\u200c\u200d\u2060\ufeff";
const ASCII_FORMS = "''''--";
const NOT_WORD_CHARACTERS = "[\u00a0-\u00bf\u00d7\u00f7\u2000-\u206f\u20a0-\u20cf\u2100-\u214f\u2190-\u23ff\u2500-\u27bf\u3000-\u303f]";
export const SEARCHED_TEXT = (expression: string) =>
  `regexp_replace(translate(${expression}, ${literal(TYPOGRAPHIC)}, ${literal(ASCII_FORMS)}), ${literal(NOT_WORD_CHARACTERS)}, ' ', 'g')`;

/**
 * Replaces the chunks of the sources in $1 (possibly by none) with the chunks
 * in $7..$10 for source $3 of chatbot $2, and applies the change in document
 * frequencies in the same statement. The term rows are upserted in lexeme
 * order so two concurrent indexings of one chatbot lock them in the same order
 * (no deadlock); the per-chatbot totals are returned for STATS_DELTA, run
 * afterwards for the same reason.
 * $5 document title, $6 url; $11 and $12 the
 * parts of the dotted identifiers of the title and heading path, and of the
 * content (identifierParts), searchable but not stored; $13 each chunk's ranking
 * weight (passageWeight: below 1 on an index-like page, but for its own opening); $14 each chunk's defined keys,
 * one a line (defined-terms.ts passageDefines and passagePhrases: a phrase key has spaces); $15 each chunk's
 * language (ISO 639-1: its own, else its page's) and $4 the text search configuration its tsvector is built with
 * (docs/decisions/116-passages-in-their-own-language.md, 144-passages-in-their-own-language.md). Each
 * chatbot's row also has the change in chunks per configuration (`configs`, for CONFIGS_DELTA).
 */
export const CHANGE_CHUNKS = `
WITH gone AS (
  DELETE FROM source_chunks WHERE source_id = ANY($1::uuid[])
  RETURNING chatbot_id, tsv, length, search_config
), fresh AS (
  SELECT c.position, c.heading_path, c.content, c.token_count, coalesce(string_to_array(nullif(c.defines, ''), E'\n'), '{}') AS defines,
         c.language, c.config, c.weight,
         setweight(to_tsvector(c.config::regconfig, ${SEARCHED_TEXT("$5::text || ' ' || c.heading_path || ' ' || c.heading_parts")}), 'A')
           || setweight(to_tsvector(c.config::regconfig, ${SEARCHED_TEXT("c.content || ' ' || c.content_parts")}), 'D') AS tsv
    FROM unnest($7::int[], $8::text[], $9::text[], $10::int[], $11::text[], $12::text[], $14::text[], $15::text[], $4::text[], $13::float8[])
           AS c(position, heading_path, content, token_count, heading_parts, content_parts, defines, language, config, weight)
), added AS (
  INSERT INTO source_chunks (chatbot_id, source_id, position, title, url, heading_path, content, token_count, tsv, length, page_weight, defines, language, search_config)
  SELECT $2::uuid, $3::uuid, f.position, $5::text, $6::text, f.heading_path, f.content, f.token_count, f.tsv,
         (SELECT coalesce(sum(cardinality(u.positions)), 0) FROM unnest(f.tsv) AS u), f.weight, f.defines, f.language, f.config
    FROM fresh f
  RETURNING chatbot_id, tsv, length, search_config
), changes AS (
  SELECT chatbot_id, tsv, length, search_config, -1 AS sign FROM gone
  UNION ALL
  SELECT chatbot_id, tsv, length, search_config, 1 FROM added
), config_deltas AS (
  SELECT chatbot_id, search_config, sum(sign)::int AS delta FROM changes GROUP BY chatbot_id, search_config HAVING sum(sign) <> 0
), term_deltas AS (
  SELECT ch.chatbot_id, l.lexeme, sum(ch.sign)::int AS delta
    FROM changes ch CROSS JOIN LATERAL unnest(tsvector_to_array(ch.tsv)) AS l(lexeme)
   GROUP BY ch.chatbot_id, l.lexeme
  HAVING sum(ch.sign) <> 0
), terms AS (
  INSERT INTO chatbot_search_terms AS t (chatbot_id, lexeme, df)
  SELECT chatbot_id, lexeme, delta FROM term_deltas ORDER BY chatbot_id, lexeme
  ON CONFLICT (chatbot_id, lexeme) DO UPDATE SET df = t.df + excluded.df
  RETURNING 1
)
SELECT ch.chatbot_id::text AS chatbot_id, sum(ch.sign)::int AS chunk_delta, sum(ch.sign * ch.length)::bigint::text AS length_delta,
       (SELECT count(*) FROM terms)::int AS terms_changed,
       (SELECT coalesce(jsonb_object_agg(d.search_config, d.delta), '{}') FROM config_deltas d WHERE d.chatbot_id = ch.chatbot_id) AS configs
  FROM changes ch GROUP BY ch.chatbot_id ORDER BY ch.chatbot_id`;

/** Adds the chunk count and length changes to a chatbot's totals. */
export const STATS_DELTA = `
INSERT INTO chatbot_search_stats AS s (chatbot_id, chunk_count, total_length)
VALUES ($1::uuid, $2::bigint, $3::bigint)
ON CONFLICT (chatbot_id) DO UPDATE
  SET chunk_count = s.chunk_count + excluded.chunk_count, total_length = s.total_length + excluded.total_length`;

/**
 * Adds the change in chunks per text search configuration ($2: {config: delta}) to a chatbot's counts, in
 * configuration order (run after STATS_DELTA: every indexing locks the rows in the same order).
 */
export const CONFIGS_DELTA = `
INSERT INTO chatbot_search_configs AS s (chatbot_id, config, chunk_count)
SELECT $1::uuid, d.key, d.value::bigint FROM jsonb_each_text($2::jsonb) AS d ORDER BY d.key
ON CONFLICT (chatbot_id, config) DO UPDATE SET chunk_count = s.chunk_count + excluded.chunk_count`;

/**
 * Serialises indexing of the same source (two crawls of one page at once),
 * taken in a fixed order before any other lock.
 */
export const LOCK_SOURCES = `
SELECT pg_advisory_xact_lock(hashtextextended('source_chunks:' || id, 0)) FROM unnest($1::text[]) AS id ORDER BY id`;

export const CHATBOT_LANGUAGE = `SELECT default_language FROM chatbots WHERE id = $1::uuid`;

/**
 * A source's passages as indexSource wrote them, when the source's languages were read by an earlier rule than
 * $2 (document-language.ts PASSAGE_READING); none when they were not. Read under LOCK_SOURCES: a training of the
 * source commits all its passages or none, so these are all of them.
 */
export const OUTDATED_PASSAGES = `
SELECT c.chatbot_id::text AS chatbot_id, c.position, c.title, c.url, c.heading_path, c.content, c.token_count, c.page_weight, c.language, c.search_config,
       s.passage_reading AS reading
  FROM sources s JOIN source_chunks c ON c.source_id = s.id
 WHERE s.id = $1::uuid AND s.passage_reading < $2::int
 ORDER BY c.position`;

/** Records that the source's passages are read by rule $2 (after their transaction: see index-source.ts). */
export const MARK_READING = `UPDATE sources SET passage_reading = $2::int WHERE id = $1::uuid AND passage_reading < $2::int`;

/** The next $3 sources after $1 (by id, null: from the first) whose passages an earlier rule than $2 read. */
export const OUTDATED_SOURCES = `
SELECT id::text FROM sources WHERE passage_reading < $2::int AND ($1::uuid IS NULL OR id > $1::uuid) ORDER BY id LIMIT $3::int`;

/**
 * The top $4 passages of chatbot $1 for the query words $2 (see queryWords); $3 the text search configuration
 * of the question's language, $6 that of the chatbot's `default_language`; $5 the question's keys and $7
 * the identifier each was read from (defined-terms.ts questionKeyIdentifiers); $8 its underscored identifiers,
 * their parts space-separated (query-terms.ts underscoredPhrases); $9 its word pairs (query-terms.ts wordPairs).
 *  1. The words but the stop words of the question's language and of the chatbot's; each word's lexemes in
 *     every configuration the chatbot's passages were indexed with (chatbot_search_configs) and in the
 *     question's (docs/decisions/116-passages-in-their-own-language.md): a passage matches in its own
 *     language, and a lexeme's df counts every passage that holds it, whatever its language; a part of a word
 *     that is a stop word in the question's language is looked up in none (docs/decisions/144-passages-in-their-own-language.md). A word none of
 *     whose lexemes the chatbot's text uses has its lexemes in the question's language replaced by the most
 *     similar known one (pg_trgm over the vocabulary), weighted by the similarity: typos and near-forms
 *     still find their page.
 *  2. Candidates: chunks matching any lexeme (GIN index on (chatbot_id, search_config, tsv):
 *     only this chatbot's postings are read), the best pre-scored, and the
 *     passages defining a key of the question (GIN on (chatbot_id, defines)).
 *     And the passages saying an underscored identifier of the question ($8, query-terms.ts underscoredPhrases)
 *     as written — its parts in a row (phraseto_tsquery in each configuration) —, pre-scored by its idf.
 *     The best PAIRED matches' word pairs of the question said in its order ($9, phraseto_tsquery in each
 *     configuration, read from the match's stored tsvector) add to its pre-score, each weighing as the commoner of
 *     its two words (docs/decisions/163-word-pairs.md): the passage a reworded sentence came from is among the best.
 *  3. BM25 over the candidates, tf read from the stored tsvector, plus, for each identifier a passage says as
 *     written and each word pair, one more term: the identifier's idf (over the passages saying it), the pair's
 *     weight, at tf 1; all times the
 *     page's weight (an index-like page counts less: extraction/extract.ts indexLikeWeight)
 *     and DEFINITION_BOOST raised to the share of the question the passage defines: all of it for "What is
 *     PYTHONPATH?", a little for one word of a long sentence (docs/decisions/116).
 * Only chunks of live sources (deleted_at IS NULL) are returned.
 */
export const SEARCH = `
WITH configs AS (
  SELECT c.config::regconfig AS config FROM chatbot_search_configs c WHERE c.chatbot_id = $1::uuid AND c.chunk_count > 0
  UNION
  SELECT $3::regconfig
), words AS (
  SELECT w.word, w.n FROM unnest($2::text[]) WITH ORDINALITY AS w(word, n)
   WHERE to_tsvector($3::regconfig, w.word) <> ''::tsvector AND to_tsvector($6::regconfig, w.word) <> ''::tsvector
), own_places AS (
  -- The places of each word the question's language stems (a part that is one of its stop words has none).
  SELECT DISTINCT w.n, p.pos
    FROM words w
   CROSS JOIN LATERAL unnest(to_tsvector($3::regconfig, w.word)) AS l(lexeme, positions, weights)
   CROSS JOIN LATERAL unnest(l.positions) AS p(pos)
), word_lexemes AS (
  -- Each lexeme with its place in the word (the parser's position: a compound's parts have their own, the
  -- same part stemmed in another configuration shares it). Only at the places the question's language stems:
  -- a part that is a stop word in it ("qu", "est", "ce" of "qu'est-ce") is looked up in no language, as a
  -- whole word that is one is not (docs/decisions/144-passages-in-their-own-language.md).
  SELECT DISTINCT w.n, p.pos, l.lexeme, c.config, c.config = $3::regconfig AS own
    FROM words w
   CROSS JOIN configs c
   CROSS JOIN LATERAL unnest(to_tsvector(c.config, w.word)) AS l(lexeme, positions, weights)
   CROSS JOIN LATERAL unnest(l.positions) AS p(pos)
    JOIN own_places o ON o.n = w.n AND o.pos = p.pos
), lexeme_configs AS (
  -- Each lexeme with the configurations that stem a word of the question to it. One only another configuration
  -- than the question's gives is a word read in that language: it meets only passages indexed in it, and its df
  -- counts only them — English "funcion" of a Spanish question's "funcional" is not the Spanish passages'
  -- "funcion" of "función" (docs/decisions/147-foreign-stems-meet-their-own-passages.md).
  SELECT wl.lexeme, bool_or(wl.own) AS own, array_agg(DISTINCT wl.config) AS configs FROM word_lexemes wl GROUP BY wl.lexeme
), foreign_df AS MATERIALIZED (
  -- The df of each such lexeme the chatbot's text uses, counted once (written in known's select list, the count
  -- ran in its join's filter and again in its DISTINCT's sort key), a configuration at a time: by equality the
  -- configuration is a key of the GIN index, whose scan then gives only those passages, not every passage holding
  -- the lexeme in any language (docs/decisions/149-passages-read-again.md).
  SELECT lc.lexeme, (SELECT sum(x.n)::int FROM unnest(lc.configs) AS cf(config)
                      CROSS JOIN LATERAL (SELECT count(*) AS n FROM source_chunks c
                                           WHERE c.chatbot_id = $1::uuid AND c.search_config = cf.config::text
                                             AND c.tsv @@ (${QUOTED_LEXEME('lc')})::tsquery) x) AS df
    FROM lexeme_configs lc
   WHERE NOT lc.own AND EXISTS (SELECT 1 FROM chatbot_search_terms t WHERE t.chatbot_id = $1::uuid AND t.lexeme = lc.lexeme AND t.df > 0)
), known AS (
  SELECT DISTINCT wl.n, wl.pos, t.lexeme, CASE WHEN lc.own THEN t.df ELSE f.df END AS df
    FROM word_lexemes wl
    JOIN chatbot_search_terms t ON t.chatbot_id = $1::uuid AND t.lexeme = wl.lexeme AND t.df > 0
    JOIN lexeme_configs lc ON lc.lexeme = t.lexeme
    LEFT JOIN foreign_df f ON f.lexeme = t.lexeme
   WHERE lc.own OR f.df > 0
), corrected AS (
  SELECT c.lexeme, c.df, c.sim AS boost
    FROM (SELECT DISTINCT wl.lexeme FROM word_lexemes wl
           WHERE wl.own AND length(wl.lexeme) >= 3
             AND NOT EXISTS (SELECT 1 FROM known k WHERE k.lexeme = wl.lexeme)
             AND NOT EXISTS (SELECT 1 FROM word_lexemes o JOIN known k ON k.lexeme = o.lexeme WHERE o.n = wl.n AND NOT o.own)) l
   CROSS JOIN LATERAL (
     SELECT t.lexeme, t.df, similarity(t.lexeme, l.lexeme)::float8 AS sim
       FROM chatbot_search_terms t
      WHERE t.chatbot_id = $1::uuid AND t.df > 0 AND t.lexeme % l.lexeme
      ORDER BY sim DESC, t.df DESC
      LIMIT 1
   ) c
   WHERE c.sim >= ${TYPO_MIN_SIMILARITY}
), word_df AS (
  -- A word's document frequency: its known lexemes' at one place of the word, in every configuration together
  -- (a compound's parts each their own). A word stemmed in a language only a few passages are indexed in (a
  -- French page taken for English) would otherwise weigh as rare there as a name: "type" on the one English
  -- page outscoring the French pages that answer.
  SELECT k.lexeme, min(w.df) AS df
    FROM known k
    JOIN (SELECT n, pos, sum(df) AS df FROM (SELECT DISTINCT n, pos, lexeme, df FROM known) d GROUP BY n, pos) w USING (n, pos)
   GROUP BY k.lexeme
), terms AS (
  -- configs: null where the lexeme meets every passage (the question's language stems it, or a typo's correction).
  SELECT DISTINCT ON (lexeme) lexeme, df, word_df, boost, configs
    FROM (SELECT k.lexeme, k.df, w.df AS word_df, 1.0::float8 AS boost, CASE WHEN lc.own THEN NULL ELSE lc.configs END AS configs
            FROM (SELECT DISTINCT lexeme, df FROM known) k JOIN word_df w USING (lexeme) JOIN lexeme_configs lc USING (lexeme)
          UNION ALL SELECT lexeme, df, df, boost, NULL::regconfig[] FROM corrected) x
   ORDER BY lexeme, boost DESC
), stats AS (
  SELECT greatest(chunk_count, 1)::float8 AS n, greatest(total_length::float8 / greatest(chunk_count, 1), 1) AS avgdl
    FROM chatbot_search_stats WHERE chatbot_id = $1::uuid
), weighted AS (
  SELECT t.lexeme, t.configs, t.boost * ln(1 + greatest(s.n - t.word_df + 0.5, 0.5) / (t.word_df + 0.5)) AS idf FROM terms t, stats s
), lexeme_list AS (
  SELECT array_agg(lexeme) AS lexemes FROM weighted
), picked AS (
  -- Candidate terms: the rarest ones, as many as fit in CANDIDATE_BUDGET
  -- matches (at least the rarest one). A chunk with none of them could only
  -- score on common words, which weigh little. On a small chatbot every term
  -- is picked.
  SELECT r.lexeme, w.idf, w.configs
    FROM (SELECT lexeme, sum(df) OVER (ORDER BY df, lexeme) AS cumulative_df, row_number() OVER (ORDER BY df, lexeme) AS n
            FROM terms) r
    JOIN weighted w USING (lexeme)
   WHERE r.cumulative_df <= ${CANDIDATE_BUDGET} OR r.n = 1
), phrase_queries AS (
  -- An underscored identifier's parts in a row, in every configuration (a part that is a stop word keeps its
  -- place: phraseto_tsquery's distance); one part alone is no phrase.
  SELECT DISTINCT p.phrase, phraseto_tsquery(c.config, p.phrase) AS q
    FROM unnest($8::text[]) AS p(phrase) CROSS JOIN configs c
), phrase_hits AS (
  SELECT DISTINCT pq.phrase, h.id
    FROM phrase_queries pq
   CROSS JOIN LATERAL (
     SELECT c.id FROM source_chunks c WHERE c.chatbot_id = $1::uuid AND c.tsv @@ pq.q LIMIT ${CANDIDATE_BUDGET}
   ) h
   WHERE numnode(pq.q) > 1
), phrase_weights AS (
  SELECT ph.phrase, ln(1 + greatest(s.n - count(*) + 0.5, 0.5) / (count(*) + 0.5)) AS idf
    FROM phrase_hits ph CROSS JOIN stats s
   GROUP BY ph.phrase, s.n
), said AS (
  -- Each passage saying identifiers of the question as written, with their idf summed.
  SELECT ph.id, sum(pw.idf) AS idf FROM phrase_hits ph JOIN phrase_weights pw USING (phrase) GROUP BY ph.id
), pair_weights AS (
  -- The question's word pairs ($9, query-terms.ts wordPairs) whose two words the chatbot's text both uses, each
  -- weighing as the commoner of its words: a lower bound of the pair's own idf (no more passages say the pair
  -- than say either word), read with no scan.
  SELECT p.n, p.pair, min(w.idf) AS idf
    FROM unnest($9::text[]) WITH ORDINALITY AS p(pair, n)
   CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector($3::regconfig, p.pair))) AS l(lexeme)
    JOIN weighted w ON w.lexeme = l.lexeme
   GROUP BY p.n, p.pair
  HAVING count(*) >= 2
), pair_queries AS (
  SELECT DISTINCT pw.n, pw.idf, phraseto_tsquery(c.config, pw.pair) AS q FROM pair_weights pw CROSS JOIN configs c
), hits AS (
  -- Matches of each picked term straight from the GIN index (no tsvector is
  -- read), pre-scored by the idf of the terms they contain, and the passages saying an identifier as written.
  -- A term only other languages give meets their passages, a configuration at a time: by equality the
  -- configuration is a key of the index (docs/decisions/149-passages-read-again.md).
  SELECT x.id, sum(x.pre) AS pre, min(x.length) AS length
    FROM (SELECT h.id, sum(p.idf) * min(h.page_weight) AS pre, min(h.length) AS length
            FROM picked p
           CROSS JOIN LATERAL (
             (SELECT c.id, c.length, c.page_weight FROM source_chunks c
               WHERE p.configs IS NULL AND c.chatbot_id = $1::uuid AND c.tsv @@ (${QUOTED_PICKED})::tsquery
               LIMIT ${CANDIDATE_BUDGET})
             UNION ALL
             (SELECT f.id, f.length, f.page_weight FROM unnest(p.configs) AS pc(config)
               CROSS JOIN LATERAL (
                 SELECT c.id, c.length, c.page_weight FROM source_chunks c
                  WHERE c.chatbot_id = $1::uuid AND c.search_config = pc.config::text AND c.tsv @@ (${QUOTED_PICKED})::tsquery
                  LIMIT ${CANDIDATE_BUDGET}
               ) f)
           ) h
           GROUP BY h.id
          UNION ALL
          SELECT sd.id, sd.idf * c.page_weight, c.length FROM said sd JOIN source_chunks c ON c.id = sd.id) x
   GROUP BY x.id
), paired AS (
  -- The best pre-scored matches' word pairs of the question said in its order (their stored tsvectors read: the
  -- positions), their idf summed; before the best are chosen, so the passage a reworded sentence came from is among them.
  SELECT h.id, sum(x.idf) AS idf, sum(x.idf) * min(c.page_weight) AS pre
    FROM (SELECT id FROM hits ORDER BY pre DESC, length ASC LIMIT ${PAIRED}) h
    JOIN source_chunks c ON c.id = h.id
   CROSS JOIN LATERAL (SELECT pq.n, max(pq.idf) AS idf FROM pair_queries pq WHERE c.tsv @@ pq.q GROUP BY pq.n) x
   WHERE EXISTS (SELECT 1 FROM pair_queries)
   GROUP BY h.id
), keys AS (
  -- The question's keys but stop words ("what", "is": every heading-like line could define them), each with
  -- its share of the question: the idf of its identifier's lexemes (os.path.join's for "join") over the idf
  -- of all the question's lexemes.
  SELECT k.key, sum(w.idf) / nullif((SELECT sum(idf) FROM weighted), 0) AS share
    FROM unnest($5::text[], $7::text[]) AS k(key, identifier)
   CROSS JOIN LATERAL (
     SELECT DISTINCT l.lexeme FROM configs c, unnest(tsvector_to_array(to_tsvector(c.config, k.identifier || ' ' || replace(k.identifier, '.', ' ')))) AS l(lexeme)
   ) l
    JOIN weighted w ON w.lexeme = l.lexeme
   WHERE to_tsvector($3::regconfig, k.key) <> ''::tsvector AND to_tsvector($6::regconfig, k.key) <> ''::tsvector
   GROUP BY k.key
), definers AS (
  -- Passages defining a key of the question, whatever their pre-score (unordered: the scan stops at
  -- DEFINERS instead of reading every passage a common heading word defines).
  SELECT c.id FROM source_chunks c
   WHERE c.chatbot_id = $1::uuid AND c.defines && (SELECT coalesce(array_agg(key), '{}') FROM keys)
   LIMIT ${DEFINERS}
), candidates AS (
  -- Only the best pre-scored chunks (shorter first among equals, as BM25
  -- would) and the defining ones pay for reading their tsvector for the exact score.
  SELECT c.id, c.tsv, c.length, c.page_weight, c.search_config::regconfig AS config,
         power(${DEFINITION_BOOST}, (SELECT coalesce(max(k.share), 0) FROM keys k WHERE k.key = ANY (c.defines)))::float8 AS definition
    FROM ((SELECT h.id FROM hits h LEFT JOIN paired pd ON pd.id = h.id
            ORDER BY h.pre + coalesce(pd.pre, 0) DESC, h.length ASC LIMIT ${RESCORED})
          UNION SELECT id FROM definers) top
    JOIN source_chunks c ON c.id = top.id
), scored AS (
  -- tf from the stored tsvector reduced to the query's lexemes (two ts_delete
  -- calls in C instead of unnesting every lexeme of the chunk).
  SELECT c.id,
         min(c.page_weight) * min(c.definition) * (sum(w.idf * f.tf * ${BM25_K1 + 1} / (f.tf + ${BM25_K1} * (${1 - BM25_B} + ${BM25_B} * c.length / s.avgdl)))
           + (coalesce(min(sd.idf), 0) + coalesce(min(pd.idf), 0)) * ${BM25_K1 + 1} / (1 + ${BM25_K1} * (${1 - BM25_B} + ${BM25_B} * min(c.length) / min(s.avgdl)))) AS score
    FROM candidates c
   CROSS JOIN stats s
    LEFT JOIN said sd ON sd.id = c.id
    LEFT JOIN paired pd ON pd.id = c.id
   CROSS JOIN lexeme_list ll
   CROSS JOIN LATERAL unnest(ts_delete(c.tsv, tsvector_to_array(ts_delete(c.tsv, ll.lexemes)))) AS u(lexeme, positions, weights)
    JOIN weighted w ON w.lexeme = u.lexeme AND (w.configs IS NULL OR c.config = ANY (w.configs))
   CROSS JOIN LATERAL (
     SELECT (cardinality(u.positions) + ${TITLE_TF - 1} * cardinality(array_positions(u.weights, 'A')))::float8 AS tf
   ) f
   GROUP BY c.id
)
SELECT c.id::text AS chunk_id, c.source_id::text AS source_id, coalesce(c.url, s.url) AS url,
       coalesce(nullif(c.title, ''), s.title) AS title, c.heading_path, c.content, sc.score::float8 AS score, c.language
  FROM scored sc
  JOIN source_chunks c ON c.id = sc.id
  JOIN sources s ON s.id = c.source_id AND s.deleted_at IS NULL
 ORDER BY sc.score DESC, c.id
 LIMIT $4::int`;
