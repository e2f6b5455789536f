/**
 * What the migrations create that schema.prisma cannot express, reviewed one
 * by one. The schema drift test compares the database with schema.prisma plus
 * exactly these: an extra constraint or index in the database that is not
 * listed here fails it, and so does a listed one that is missing or whose
 * definition differs.
 *
 * To add one: write it in a new migration, run the drift test, and copy the
 * definition it reports (PostgreSQL's own `pg_get_constraintdef` /
 * `pg_get_indexdef` text) into the right list, keyed by its name. Prefer
 * something schema.prisma can express; keep this list short.
 */

/** CHECK constraints, by `table.constraint_name`: `pg_get_constraintdef` text. */
export const EXTRA_CHECKS: Record<string, string> = {
  "teams.teams_messages_used_nonnegative": "CHECK ((messages_used >= 0))",
  "teams.teams_topup_credits_nonnegative": "CHECK ((topup_credits >= 0))",
  "teams.teams_overflow_debt_nonnegative": "CHECK ((overflow_debt >= 0))",
  "teams.teams_pool_messages_used_nonnegative": "CHECK ((pool_messages_used >= 0))",
  "teams.teams_limits_nonnegative":
    "CHECK (((COALESCE(message_limit, 0) >= 0) AND (COALESCE(source_limit, 0) >= 0) AND (COALESCE(chatbot_limit, 0) >= 0) AND (COALESCE(workspace_limit, 0) >= 0) AND (COALESCE(monthly_message_pool, 0) >= 0)))",
  "credit_ledger.credit_ledger_balances_nonnegative": "CHECK (((used_after >= 0) AND (topup_after >= 0) AND (debt_after >= 0)))",
  "conversations.conversations_counters_nonnegative": "CHECK (((message_count >= 0) AND (question_count >= 0) AND (answered_count >= 0)))",
  "webhook_deliveries.webhook_deliveries_attempts_nonnegative": "CHECK ((attempts >= 0))",
  "conversations.conversations_status_check": "CHECK ((status = ANY (ARRAY['bot'::text, 'waiting'::text, 'human'::text, 'resolved'::text])))",
  "memberships.memberships_max_open_conversations_check": "CHECK (((max_open_conversations >= 1) AND (max_open_conversations <= 100)))",
  "conversation_ratings.conversation_ratings_score_check": "CHECK (((score >= 1) AND (score <= 5)))",
  "conversations.conversations_source_check": "CHECK ((source = ANY (ARRAY['widget'::text, 'share'::text, 'playground'::text, 'api'::text, 'channel'::text])))",
};

/**
 * Indexes schema.prisma cannot express (GIN on a tsvector, trigram, partial
 * or expression indexes), by index name: the full `pg_get_indexdef` text.
 */
export const EXTRA_INDEXES: Record<string, string> = {
  // Routing's unassigned queue (docs/decisions/122-business-hours-routing-and-ratings.md), oldest first.
  conversations_unassigned_waiting_idx:
    "CREATE INDEX conversations_unassigned_waiting_idx ON public.conversations USING btree (chatbot_id, waiting_since) WHERE ((status = 'waiting'::text) AND (assignee_id IS NULL))",
  // Retrieval (docs/decisions/020-retrieval-bm25-in-sql.md): GIN led by chatbot_id (btree_gin's default uuid opclass, which Prisma cannot name),
  // then the passage's text search configuration: a lexeme only another language gives is counted among its passages from the index
  // (docs/decisions/149-passages-read-again.md).
  source_chunks_chatbot_id_config_tsv_idx: "CREATE INDEX source_chunks_chatbot_id_config_tsv_idx ON public.source_chunks USING gin (chatbot_id, search_config, tsv)",
  // The passages defining an asked term (docs/decisions/085-defining-passages-are-candidates.md).
  source_chunks_chatbot_id_defines_idx: "CREATE INDEX source_chunks_chatbot_id_defines_idx ON public.source_chunks USING gin (chatbot_id, defines)",
  chatbot_search_terms_chatbot_id_lexeme_idx:
    "CREATE INDEX chatbot_search_terms_chatbot_id_lexeme_idx ON public.chatbot_search_terms USING gin (chatbot_id, lexeme gin_trgm_ops)",
  // The month's auto top-ups (docs/decisions/060-auto-top-up.md) of a workspace (the monthly cap).
  credit_ledger_auto_topups_idx:
    "CREATE INDEX credit_ledger_auto_topups_idx ON public.credit_ledger USING btree (team_id, created_at) WHERE (kind = 'auto_topup'::text)",
  // One open invitation per address and workspace (addresses are stored lower-cased).
  invitations_one_open_per_address:
    "CREATE UNIQUE INDEX invitations_one_open_per_address ON public.invitations USING btree (team_id, email) WHERE ((accepted_at IS NULL) AND (revoked_at IS NULL))",
  // The inbox's search (docs/decisions/057-the-inbox-as-a-daily-tool.md) by text, e-mail and name, per chatbot (trigram, led by chatbot_id through btree_gin).
  messages_chatbot_id_content_trgm_idx: "CREATE INDEX messages_chatbot_id_content_trgm_idx ON public.messages USING gin (chatbot_id, content gin_trgm_ops)",
  contacts_chatbot_id_email_name_trgm_idx:
    "CREATE INDEX contacts_chatbot_id_email_name_trgm_idx ON public.contacts USING gin (chatbot_id, email gin_trgm_ops, (((first_name || ' '::text) || last_name)) gin_trgm_ops)",
  // The value report's unanswered questions rolled up (docs/decisions/143-the-report-breakdown-rolled-up.md), keyed by the text's md5 (a question may exceed an index entry).
  analytics_questions_chatbot_id_day_text_idx:
    "CREATE INDEX analytics_questions_chatbot_id_day_text_idx ON public.analytics_questions USING btree (chatbot_id, day, md5(text))",
  // A channel turn's messages are keyed by the provider's event (docs/decisions/083-channel-answers-once-across-a-crash.md); other messages carry no key.
  messages_turn_key_key:
    "CREATE UNIQUE INDEX messages_turn_key_key ON public.messages USING btree (chatbot_id, turn_key, role) WHERE (turn_key IS NOT NULL)",
};
