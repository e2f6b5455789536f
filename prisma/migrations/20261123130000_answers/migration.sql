-- The answer pipeline (issue 10): credit reservations taken at admission,
-- what an answer was built from, escalation notification state, LLM keys.

-- What an assistant message was built from ([{id, url, title}]) and, when the
-- LLM provider failed and the extractive answer was served instead, why
-- (shown to the agency, never to the visitor).
ALTER TABLE "messages" ADD COLUMN "sources" JSONB,
  ADD COLUMN "provider_error" TEXT;

-- The e-mail to `escalations_email`: pending | sent | not_sent | disabled.
ALTER TABLE "escalations" ADD COLUMN "notification_status" TEXT NOT NULL DEFAULT 'disabled',
  ADD COLUMN "notification_error" TEXT,
  ADD COLUMN "notified_at" TIMESTAMPTZ(6);

-- An LLM API key: the agency's (agency row) or a workspace's own (BYOK, client
-- row), AES-256-GCM ciphertext; only the last four characters are shown.
ALTER TABLE "teams" ADD COLUMN "llm_api_key_ciphertext" TEXT,
  ADD COLUMN "llm_api_key_last4" TEXT;

-- One row per answer admitted and not yet charged. Admission counts them
-- against the balance, so N answers racing on N credits are all paid from it
-- (DESIGN §8). A reservation left by a crashed process stops counting at
-- `expires_at` and is deleted by the sweeper. No foreign keys (like the
-- credit ledger): one row per answer must not take KEY SHARE locks on the
-- team rows every charge updates.
CREATE TABLE "answer_reservations" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "team_id" UUID NOT NULL,
  "agency_id" UUID,
  "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "expires_at" TIMESTAMPTZ(6) NOT NULL,
  CONSTRAINT "answer_reservations_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "answer_reservations_team_id_expires_at_idx" ON "answer_reservations" ("team_id", "expires_at");
CREATE INDEX "answer_reservations_agency_id_expires_at_idx" ON "answer_reservations" ("agency_id", "expires_at");
CREATE INDEX "answer_reservations_expires_at_idx" ON "answer_reservations" ("expires_at");

-- Inbox filters.
CREATE INDEX "escalations_conversation_id_idx" ON "escalations" ("conversation_id");
CREATE INDEX "contacts_conversation_id_idx" ON "contacts" ("conversation_id");

-- Admission: reserve one credit for an answer, or say why not.
-- refusal: 'stopped' (hard-paused or suspended), 'no_credit', or null with the
-- reservation id. All admissions of one agency take the same transaction-level
-- advisory lock, and every count is read in one snapshot after it, so the
-- pool (shared by the agency's workspaces) is never over-reserved either; a
-- settle deletes its reservation and charges in one transaction, so a
-- snapshot sees a credit either reserved or used, never both or neither.
CREATE FUNCTION reserve_answer(p_team uuid, p_default_pool integer, p_ttl_seconds integer)
RETURNS TABLE (reservation_id uuid, refusal text, remaining bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_agency uuid;
  w record;
  pool_left bigint;
  allowance bigint;
  own bigint;
  rem bigint;
  v_id uuid;
BEGIN
  SELECT t.agency_id INTO v_agency FROM teams t WHERE t.id = p_team AND t.kind = 'client';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'client workspace % not found', p_team USING ERRCODE = 'no_data_found';
  END IF;
  PERFORM pg_advisory_xact_lock(72707370, hashtext(COALESCE(v_agency, p_team)::text));

  SELECT t.status, t.pause_mode, t.message_limit, t.messages_used, t.topup_credits,
         COALESCE(a.monthly_message_pool, p_default_pool) AS pool_size,
         COALESCE((SELECT sum(c.pool_messages_used) FROM teams c WHERE c.agency_id = t.agency_id AND c.kind = 'client'),
                  t.pool_messages_used) AS pool_used,
         (SELECT count(*) FROM answer_reservations r WHERE r.team_id = p_team AND r.expires_at > now()) AS reserved_here,
         CASE WHEN t.agency_id IS NULL THEN 0 ELSE
           (SELECT count(*) FROM answer_reservations r WHERE r.agency_id = t.agency_id AND r.expires_at > now()) END AS reserved_pool
    INTO w
    FROM teams t LEFT JOIN teams a ON a.id = t.agency_id
   WHERE t.id = p_team;

  IF w.status = 'suspended' OR (w.status = 'paused' AND w.pause_mode IS DISTINCT FROM 'soft') THEN
    RETURN QUERY SELECT NULL::uuid, 'stopped'::text, 0::bigint;
    RETURN;
  END IF;

  -- remaining() of domain/credits.ts, less what is reserved: the pool for
  -- every answer in flight in the agency, the own budget for this workspace's.
  pool_left := GREATEST(w.pool_size - w.pool_used - w.reserved_pool, 0);
  IF w.message_limit IS NULL THEN
    rem := pool_left;
  ELSE
    allowance := GREATEST(w.message_limit - w.messages_used, 0);
    own := CASE WHEN w.status = 'active' THEN allowance + w.topup_credits ELSE allowance END;
    rem := LEAST(GREATEST(own - w.reserved_here, 0), pool_left);
  END IF;
  IF rem <= 0 THEN
    RETURN QUERY SELECT NULL::uuid, 'no_credit'::text, 0::bigint;
    RETURN;
  END IF;

  INSERT INTO answer_reservations (team_id, agency_id, expires_at)
  VALUES (p_team, v_agency, now() + make_interval(secs => p_ttl_seconds))
  RETURNING id INTO v_id;
  RETURN QUERY SELECT v_id, NULL::text, rem - 1;
END;
$$;

-- A served answer: its reservation becomes the real charge, atomically.
CREATE FUNCTION settle_answer(p_reservation uuid, p_team uuid, p_reference text, p_default_pool integer)
RETURNS TABLE (used_delta integer, topup_delta integer, debt_delta integer, used_after integer, topup_after integer,
               debt_after integer, remaining bigint, newly_exhausted boolean)
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM answer_reservations WHERE id = p_reservation;
  RETURN QUERY SELECT * FROM charge_answer(p_team, p_reference, p_default_pool);
END;
$$;
