-- Current state (docs/architecture.md, "Data access"): re-applied by the
-- migration runner after every migration, so this file is the one place where
-- these definitions are read and changed. Tables stay in prisma/migrations.

-- The credit rules of workspaces/credit-rules.ts that SQL must restate, once.
-- tests/integration/credit-rules-sql.test.ts holds each to its TypeScript
-- twin on random states (standingOf, remaining, the pool's use).

-- A hard-paused or suspended workspace serves nothing (standingOf = "stopped").
CREATE OR REPLACE FUNCTION workspace_stopped(p_status workspace_status, p_pause_mode pause_mode)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_status = 'suspended' OR (p_status = 'paused' AND p_pause_mode IS DISTINCT FROM 'soft')
$$;

-- remaining(): the answers a workspace can serve now, less `p_reserved` of its
-- own in flight. The allowance, plus the top-up bucket only while active,
-- capped by what is left of the agency pool; 0 when stopped. Without a
-- message_limit, the pool alone.
CREATE OR REPLACE FUNCTION credits_remaining(p_limit integer, p_used integer, p_topup integer, p_pool_left bigint,
                                             p_status workspace_status, p_pause_mode pause_mode, p_reserved bigint DEFAULT 0)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN workspace_stopped(p_status, p_pause_mode) THEN 0
    WHEN p_limit IS NULL THEN GREATEST(p_pool_left, 0)
    ELSE LEAST(GREATEST(GREATEST(p_limit - p_used, 0) + CASE WHEN p_status = 'active' THEN p_topup ELSE 0 END - p_reserved, 0),
               GREATEST(p_pool_left, 0))
  END
$$;

-- Auto top-up (autoTopupBelow, autoTopupGrant in credit-rules.ts).
CREATE OR REPLACE FUNCTION auto_topup_below(p_threshold integer, p_balance bigint)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_balance < p_threshold OR p_balance <= 0
$$;

CREATE OR REPLACE FUNCTION auto_topup_grant(p_threshold integer, p_amount integer, p_cap integer, p_status workspace_status,
                                            p_topup integer, p_debt integer, p_balance bigint, p_fired boolean, p_granted_month bigint)
RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_threshold IS NULL OR p_amount IS NULL OR p_cap IS NULL OR p_status <> 'active' OR p_fired
         OR NOT auto_topup_below(p_threshold, p_balance) THEN 0
    -- topupExceedsBucket: the bucket (after the debt is paid) stays within MAX_TOPUP_BUCKET.
    WHEN GREATEST(LEAST(p_amount, p_cap - p_granted_month), 0) = 0
         OR p_topup + GREATEST(LEAST(p_amount, p_cap - p_granted_month), 0) - LEAST(p_debt, GREATEST(LEAST(p_amount, p_cap - p_granted_month), 0)) > 1000000000 THEN 0
    ELSE GREATEST(LEAST(p_amount, p_cap - p_granted_month), 0)::integer
  END
$$;

-- The agency pool's use this period: what every client workspace of the
-- agency recorded in `pool_messages_used` (optionally all but one).
CREATE OR REPLACE FUNCTION agency_pool_used(p_agency uuid, p_except uuid DEFAULT NULL)
RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT COALESCE(sum(c.pool_messages_used), 0)::bigint FROM teams c
   WHERE c.agency_id = p_agency AND c.kind = 'client' AND (p_except IS NULL OR c.id <> p_except)
$$;

-- Admission: reserve one credit for an answer, or say why not.
-- refusal: 'stopped' (hard-paused or suspended), 'no_credit', 'unmetered' (not
-- a client workspace: admitted without a reservation), or null with the
-- reservation id. All admissions of one agency take the same transaction-level
-- advisory lock, and every count is read in one snapshot after it, so the
-- pool (shared by the agency's workspaces) is never over-reserved either; a
-- settle deletes its reservation and charges in one transaction, so a
-- snapshot sees a credit either reserved or used, never both or neither.
CREATE OR REPLACE FUNCTION reserve_answer(p_team uuid, p_default_pool integer, p_ttl_seconds integer)
RETURNS TABLE (reservation_id uuid, refusal text, remaining bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_agency uuid;
  w record;
  rem bigint;
  v_id uuid;
  v_after bigint;
  v_granted_month bigint := 0;
  v_grant integer := 0;
  v_paid integer;
  v_topup integer;
  v_debt integer;
  v_fired timestamptz;
BEGIN
  SELECT t.agency_id INTO v_agency FROM teams t WHERE t.id = p_team AND t.kind = 'client';
  IF NOT FOUND THEN
    -- Not a client workspace (a personal team): no credit budget, not metered.
    RETURN QUERY SELECT NULL::uuid, 'unmetered'::text, 0::bigint;
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(72707370, hashtext(COALESCE(v_agency, p_team)::text));

  SELECT t.name, t.status, t.pause_mode, t.message_limit, t.messages_used, t.topup_credits, t.overflow_debt, t.overage_allowed,
         t.auto_topup_threshold, t.auto_topup_amount, t.auto_topup_monthly_cap, t.auto_topup_fired_at,
         COALESCE(a.monthly_message_pool, p_default_pool) AS pool_size,
         CASE WHEN t.agency_id IS NULL THEN t.pool_messages_used ELSE agency_pool_used(t.agency_id) END AS pool_used,
         (SELECT count(*) FROM answer_reservations r WHERE r.team_id = p_team AND r.expires_at > now()) AS reserved_here,
         CASE WHEN t.agency_id IS NULL THEN 0 ELSE
           (SELECT count(*) FROM answer_reservations r WHERE r.agency_id = t.agency_id AND r.expires_at > now()) END AS reserved_pool
    INTO w
    FROM teams t LEFT JOIN teams a ON a.id = t.agency_id
   WHERE t.id = p_team;

  IF workspace_stopped(w.status, w.pause_mode) THEN
    RETURN QUERY SELECT NULL::uuid, 'stopped'::text, 0::bigint;
    RETURN;
  END IF;

  -- What is left once every answer in flight is counted: the pool's for the
  -- whole agency, the own budget's for this workspace.
  rem := credits_remaining(w.message_limit, w.messages_used, w.topup_credits, w.pool_size - w.pool_used - w.reserved_pool,
                           w.status, w.pause_mode, w.reserved_here);

  -- Auto top-up (docs/decisions/060-auto-top-up.md), decided here, where every
  -- answer of the agency passes one at a time (the advisory lock above): the
  -- balance this answer would leave is the trigger, so answers racing past the
  -- threshold see the one top-up before them, and an answer that would find
  -- nothing left is admitted on the top-up rather than refused.
  IF w.auto_topup_threshold IS NOT NULL THEN
    v_after := GREATEST(credits_remaining(w.message_limit, w.messages_used, w.topup_credits, w.pool_size - w.pool_used - w.reserved_pool,
                                          'active', NULL, w.reserved_here) - 1, 0);
    IF w.auto_topup_fired_at IS NULL AND w.status = 'active' AND auto_topup_below(w.auto_topup_threshold, v_after) THEN
      SELECT COALESCE(sum(l.topup_delta - l.debt_delta), 0) INTO v_granted_month FROM credit_ledger l
       WHERE l.team_id = p_team AND l.kind = 'auto_topup'
         AND l.created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
    END IF;
    v_grant := auto_topup_grant(w.auto_topup_threshold, w.auto_topup_amount, w.auto_topup_monthly_cap, w.status,
                                w.topup_credits, w.overflow_debt, v_after, w.auto_topup_fired_at IS NOT NULL, v_granted_month);
    v_topup := w.topup_credits;
    v_debt := w.overflow_debt;
    IF v_grant > 0 THEN
      -- topupDelta: the debt first, the rest into the bucket.
      v_paid := LEAST(w.overflow_debt, v_grant);
      v_topup := w.topup_credits + v_grant - v_paid;
      v_debt := w.overflow_debt - v_paid;
      INSERT INTO credit_ledger (team_id, agency_id, kind, used_delta, topup_delta, debt_delta, used_after, topup_after, debt_after, reason)
      VALUES (p_team, v_agency, 'auto_topup', 0, v_grant - v_paid, -v_paid, w.messages_used, v_topup, v_debt,
              CASE WHEN v_after <= 0 THEN format('credits ran out (client.credits_exhausted); auto top-up of %s', v_grant)
                   ELSE format('remaining %s fell below the threshold of %s; auto top-up of %s', v_after, w.auto_topup_threshold, v_grant) END);
      -- The audit log's entry (src/server/audit): the system's action, with the balance before and after.
      INSERT INTO audit_log (agency_id, team_id, actor_type, actor_name, action, target_type, target_id, target_name, before, after)
      VALUES (v_agency, p_team, 'system', 'Auto top-up', 'client.auto_topped_up', 'client', p_team::text, w.name,
              jsonb_build_object('topup_credits', w.topup_credits, 'overflow_debt', w.overflow_debt, 'remaining', v_after),
              jsonb_build_object('amount', v_grant, 'topup_credits', v_topup, 'overflow_debt', v_debt, 'threshold', w.auto_topup_threshold));
      rem := credits_remaining(w.message_limit, w.messages_used, v_topup, w.pool_size - w.pool_used - w.reserved_pool,
                               w.status, w.pause_mode, w.reserved_here);
      v_after := GREATEST(credits_remaining(w.message_limit, w.messages_used, v_topup, w.pool_size - w.pool_used - w.reserved_pool,
                                            'active', NULL, w.reserved_here) - 1, 0);
    END IF;
    -- Served while the balance stays below; the next admission above it re-arms the rule.
    v_fired := CASE WHEN NOT auto_topup_below(w.auto_topup_threshold, v_after) THEN NULL
                    WHEN v_grant > 0 THEN now() ELSE w.auto_topup_fired_at END;
    IF v_grant > 0 OR v_fired IS DISTINCT FROM w.auto_topup_fired_at THEN
      UPDATE teams SET topup_credits = v_topup, overflow_debt = v_debt, auto_topup_fired_at = v_fired, updated_at = now()
       WHERE id = p_team;
    END IF;
  END IF;

  -- admitsOverage (credit-rules.ts): on a plan with overage an active workspace is served past its
  -- allowance and top-ups, within what is left of the agency pool; the answer is metered, not refused.
  IF rem <= 0 AND NOT (w.overage_allowed AND w.status = 'active' AND w.message_limit IS NOT NULL
                       AND w.pool_size - w.pool_used - w.reserved_pool > 0) THEN
    RETURN QUERY SELECT NULL::uuid, 'no_credit'::text, 0::bigint;
    RETURN;
  END IF;

  INSERT INTO answer_reservations (team_id, agency_id, expires_at)
  VALUES (p_team, v_agency, now() + make_interval(secs => p_ttl_seconds))
  RETURNING id INTO v_id;
  RETURN QUERY SELECT v_id, NULL::text, GREATEST(rem - 1, 0);
END;
$$;

-- A served answer: its reservation becomes the real charge, atomically.
CREATE OR REPLACE FUNCTION settle_answer(p_reservation uuid, p_team uuid, p_reference text, p_default_pool integer)
RETURNS TABLE (used_delta integer, topup_delta integer, debt_delta integer, used_after integer, topup_after integer,
               debt_after integer, remaining bigint, newly_exhausted boolean)
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM answer_reservations WHERE id = p_reservation;
  RETURN QUERY SELECT * FROM charge_answer(p_team, p_reference, p_default_pool);
END;
$$;

-- Charging a completed answer in one statement (one round trip; the row locks
-- are held only while it runs). The rules are those of
-- workspaces/credit-rules.ts (chargeDelta, remaining, balance,
-- exhaustionChange); tests/integration/charge-answer-sql.test.ts checks this
-- function (and reserve_answer, settle_answer) against them on random states.
CREATE OR REPLACE FUNCTION charge_answer(p_team uuid, p_reference text, p_default_pool integer)
RETURNS TABLE (used_delta integer, topup_delta integer, debt_delta integer, used_after integer, topup_after integer,
               debt_after integer, remaining bigint, newly_exhausted boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_agency uuid;
  pool_size bigint := p_default_pool;
  pool_used bigint := 0;
  w record;
  bal bigint;
  rem bigint;
  exhausted timestamptz;
  mark boolean := false;
  v_beyond boolean;
  v_bucket boolean;
  v_overage boolean;
BEGIN
  -- The workspace row is the only row locked, and only from its UPDATE to the
  -- commit: the agency pool's use (the sum of what each workspace recorded in
  -- `pool_messages_used` this pool period) is read for the other workspaces
  -- before taking the lock, and this workspace's share comes from its UPDATE.
  SELECT t.agency_id, COALESCE(a.monthly_message_pool, p_default_pool),
         CASE WHEN t.agency_id IS NULL THEN 0 ELSE agency_pool_used(t.agency_id, p_team) END
    INTO v_agency, pool_size, pool_used
    FROM teams t LEFT JOIN teams a ON a.id = t.agency_id
   WHERE t.id = p_team AND t.kind = 'client';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'client workspace % not found', p_team USING ERRCODE = 'no_data_found';
  END IF;

  -- The lock first, in its own statement: the UPDATE below then starts from a snapshot that already
  -- holds every change committed before the lock (a top-up racing this charge), so the bucket it decides
  -- on is the one it decrements. (One statement locking in a CTE could decide on the locked version and
  -- write on an older snapshot's: a top-up bucket driven below zero under concurrent top-ups.)
  SELECT (t.message_limit IS NOT NULL AND t.messages_used >= t.message_limit), (t.status = 'active' AND t.topup_credits > 0),
         (t.overage_allowed AND t.status = 'active')
    INTO v_beyond, v_bucket, v_overage
    FROM teams t WHERE t.id = p_team FOR NO KEY UPDATE;
  -- chargeDelta: the allowance first, then the top-up bucket (only when active), then overage on a plan
  -- with overage (a ledger row Stripe's meter bills), else debt.
  UPDATE teams t SET
    messages_used = t.messages_used + 1,
    pool_messages_used = t.pool_messages_used + 1,
    topup_credits = t.topup_credits - CASE WHEN v_beyond AND v_bucket THEN 1 ELSE 0 END,
    overflow_debt = t.overflow_debt + CASE WHEN v_beyond AND NOT v_bucket AND NOT v_overage THEN 1 ELSE 0 END
  WHERE t.id = p_team
  RETURNING t.status, t.pause_mode, t.message_limit, t.messages_used, t.pool_messages_used, t.topup_credits, t.overflow_debt,
            t.credits_exhausted_at, t.external_reference, CASE WHEN v_beyond AND v_bucket THEN -1 ELSE 0 END AS d_topup,
            CASE WHEN v_beyond AND NOT v_bucket AND NOT v_overage THEN 1 ELSE 0 END AS d_debt,
            CASE WHEN v_beyond AND NOT v_bucket AND v_overage THEN 1 ELSE 0 END AS d_overage
  INTO w;
  IF v_agency IS NOT NULL THEN
    pool_used := pool_used + w.pool_messages_used;
  END IF;

  -- remaining() now, and balance() (as if active) for the exhaustion episode.
  rem := credits_remaining(w.message_limit, w.messages_used, w.topup_credits, pool_size - pool_used, w.status, w.pause_mode);
  bal := credits_remaining(w.message_limit, w.messages_used, w.topup_credits, pool_size - pool_used, 'active', NULL);

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

  INSERT INTO credit_ledger (team_id, agency_id, kind, used_delta, topup_delta, debt_delta, overage_delta, used_after, topup_after, debt_after, reference)
  VALUES (p_team, v_agency, 'charge', 1, w.d_topup, w.d_debt, w.d_overage, w.messages_used, w.topup_credits, w.overflow_debt, p_reference);

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
