-- Extractive answers no longer carry their sources as a markdown line (issue 22): the sources are the
-- message's structured `sources`, which every surface draws as links. Answers recorded before lose the
-- trailing "Sources: [title](url), …" line so they read the same way.
UPDATE "messages"
   SET "content" = regexp_replace("content", '\n\nSources: \[[^\n]*\)$', '')
 WHERE "role" = 'assistant' AND "content" ~ '\n\nSources: \[[^\n]*\)$';
