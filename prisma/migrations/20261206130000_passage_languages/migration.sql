-- Passages in their own language (docs/decisions/116-passages-in-their-own-language.md): each passage keeps the
-- language of its page (declared, else detected) and the text search configuration its tsvector was built with;
-- a chatbot's configurations are counted, so a search stems the question in each one its passages use.
-- Passages indexed before were stemmed with their chatbot's default_language: they are marked so (the same
-- mapping as training/retrieval/search-language.ts), and nothing needs training again.
-- Added with the most common value as a default (no table rewrite: a value kept in the catalogue), then only the
-- passages of chatbots in another language are updated; rewriting every passage would leave as many dead
-- rows (and GIN entries) as there are passages until a vacuum.
ALTER TABLE source_chunks ADD COLUMN language text NOT NULL DEFAULT 'en';
ALTER TABLE source_chunks ADD COLUMN search_config text NOT NULL DEFAULT 'english';

UPDATE source_chunks c
   SET language = l.code,
       search_config = CASE l.code
         WHEN 'ar' THEN 'arabic' WHEN 'hy' THEN 'armenian' WHEN 'eu' THEN 'basque' WHEN 'ca' THEN 'catalan'
         WHEN 'da' THEN 'danish' WHEN 'nl' THEN 'dutch' WHEN 'en' THEN 'english' WHEN 'fi' THEN 'finnish'
         WHEN 'fr' THEN 'french' WHEN 'de' THEN 'german' WHEN 'el' THEN 'greek' WHEN 'hi' THEN 'hindi'
         WHEN 'hu' THEN 'hungarian' WHEN 'id' THEN 'indonesian' WHEN 'ga' THEN 'irish' WHEN 'it' THEN 'italian'
         WHEN 'lt' THEN 'lithuanian' WHEN 'ne' THEN 'nepali' WHEN 'no' THEN 'norwegian' WHEN 'nb' THEN 'norwegian'
         WHEN 'nn' THEN 'norwegian' WHEN 'pt' THEN 'portuguese' WHEN 'ro' THEN 'romanian' WHEN 'ru' THEN 'russian'
         WHEN 'sr' THEN 'serbian' WHEN 'es' THEN 'spanish' WHEN 'sv' THEN 'swedish' WHEN 'ta' THEN 'tamil'
         WHEN 'tr' THEN 'turkish' WHEN 'yi' THEN 'yiddish' ELSE 'simple' END
  FROM (SELECT id, lower(split_part(split_part(trim(default_language), '-', 1), '_', 1)) AS code FROM chatbots) l
 WHERE l.id = c.chatbot_id AND l.code <> 'en';

-- Every passage is written with both from now on (CHANGE_CHUNKS).
ALTER TABLE source_chunks ALTER COLUMN language DROP DEFAULT;
ALTER TABLE source_chunks ALTER COLUMN search_config DROP DEFAULT;

-- How many of a chatbot's passages each text search configuration indexed (kept by the statement that
-- replaces a source's passages, like chatbot_search_stats): the configurations a search stems the question in.
CREATE TABLE chatbot_search_configs (
  chatbot_id  uuid   NOT NULL REFERENCES chatbots(id) ON DELETE CASCADE ON UPDATE CASCADE,
  config      text   NOT NULL,
  chunk_count bigint NOT NULL,
  PRIMARY KEY (chatbot_id, config)
);

INSERT INTO chatbot_search_configs (chatbot_id, config, chunk_count)
SELECT chatbot_id, search_config, count(*) FROM source_chunks GROUP BY chatbot_id, search_config;
