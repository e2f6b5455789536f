-- Charging a completed answer in one statement (one round trip; the row locks
-- are held only while it runs). The rules are those of
-- src/server/domain/credits.ts (chargeDelta, remaining, balance,
-- exhaustionChange); tests/integration/charge-answer-sql.test.ts checks this
-- function against them on random states.
CREATE OR REPLACE FUNCTION charge_answer(p_team uuid, p_reference text, p_default_pool integer)
RETURNS TABLE (used_delta integer, topup_delta integer, debt_delta integer, used_after integer, topup_after integer,
               debt_after integer, remaining bigint, newly_exhausted boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_agency uuid;
  pool_size bigint := p_default_pool;
  pool_used bigint := 0;
  w record;
  allowance bigint;
  pool_left bigint;
  bal bigint;
  rem bigint;
  exhausted timestamptz;
  mark boolean := false;
BEGIN
  -- The workspace row is the only row locked, and only from its UPDATE to the
  -- commit: the agency pool's use (the sum of what each workspace recorded in
  -- `pool_messages_used` this pool period) is read for the other workspaces
  -- before taking the lock, and this workspace's share comes from its UPDATE.
  SELECT t.agency_id, COALESCE(a.monthly_message_pool, p_default_pool),
         COALESCE((SELECT sum(c.pool_messages_used) FROM teams c
                    WHERE c.agency_id = t.agency_id AND c.kind = 'client' AND c.id <> p_team), 0)
    INTO v_agency, pool_size, pool_used
    FROM teams t LEFT JOIN teams a ON a.id = t.agency_id
   WHERE t.id = p_team AND t.kind = 'client';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'client workspace % not found', p_team USING ERRCODE = 'no_data_found';
  END IF;

  WITH old AS (
    SELECT t.id, (t.message_limit IS NOT NULL AND t.messages_used >= t.message_limit) AS beyond,
           (t.status = 'active' AND t.topup_credits > 0) AS bucket
      FROM teams t WHERE t.id = p_team FOR NO KEY UPDATE
  )
  -- chargeDelta: the allowance first, then the top-up bucket (only when active), else debt.
  UPDATE teams t SET
    messages_used = t.messages_used + 1,
    pool_messages_used = t.pool_messages_used + 1,
    topup_credits = t.topup_credits - CASE WHEN old.beyond AND old.bucket THEN 1 ELSE 0 END,
    overflow_debt = t.overflow_debt + CASE WHEN old.beyond AND NOT old.bucket THEN 1 ELSE 0 END
  FROM old WHERE t.id = old.id
  RETURNING t.status, t.pause_mode, t.message_limit, t.messages_used, t.pool_messages_used, t.topup_credits, t.overflow_debt,
            t.credits_exhausted_at, t.external_reference, CASE WHEN old.beyond AND old.bucket THEN -1 ELSE 0 END AS d_topup,
            CASE WHEN old.beyond AND NOT old.bucket THEN 1 ELSE 0 END AS d_debt
  INTO w;
  IF v_agency IS NOT NULL THEN
    pool_used := pool_used + w.pool_messages_used;
  END IF;

  pool_left := GREATEST(pool_size - pool_used, 0);
  allowance := CASE WHEN w.message_limit IS NULL THEN 0 ELSE GREATEST(w.message_limit - w.messages_used, 0) END;
  bal := CASE WHEN w.message_limit IS NULL THEN pool_left ELSE LEAST(allowance + w.topup_credits, pool_left) END;
  rem := CASE WHEN w.status = 'active' THEN bal
              WHEN w.status = 'paused' AND w.pause_mode = 'soft' THEN
                CASE WHEN w.message_limit IS NULL THEN pool_left ELSE LEAST(allowance, pool_left) END
              ELSE 0 END;

  -- exhaustionChange: mark once per episode, clear when credits are back.
  exhausted := w.credits_exhausted_at;
  IF w.message_limit IS NOT NULL AND bal <= 0 THEN
    IF exhausted IS NULL THEN exhausted := now(); mark := true; END IF;
  ELSE
    exhausted := NULL;
  END IF;
  IF exhausted IS DISTINCT FROM w.credits_exhausted_at THEN
    UPDATE teams SET credits_exhausted_at = exhausted, updated_at = now() WHERE id = p_team;
  END IF;

  INSERT INTO credit_ledger (team_id, agency_id, kind, used_delta, topup_delta, debt_delta, used_after, topup_after, debt_after, reference)
  VALUES (p_team, v_agency, 'charge', 1, w.d_topup, w.d_debt, w.messages_used, w.topup_credits, w.overflow_debt, p_reference);

  IF mark AND v_agency IS NOT NULL THEN
    INSERT INTO outbox_events (agency_id, team_id, type, data)
    VALUES (v_agency, p_team, 'client.credits_exhausted', jsonb_build_object(
      'client_id', p_team::text,
      'external_reference', w.external_reference,
      'message_limit', w.message_limit,
      'messages_used', w.messages_used,
      'topup_credits_remaining', w.topup_credits,
      'credits_exhausted_at', to_char(exhausted AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')));
  END IF;

  RETURN QUERY SELECT 1, w.d_topup, w.d_debt, w.messages_used, w.topup_credits, w.overflow_debt, rem, mark;
END;
$$;

-- Every charge appends to the ledger: keep only the index that is read
-- (a workspace's entries, newest first).
DROP INDEX IF EXISTS "credit_ledger_agency_id_created_at_idx";
