-- Current state (docs/architecture.md, "Data access"): re-applied by the
-- migration runner after every migration, so this file is the one place where
-- these definitions are read and changed. Tables stay in prisma/migrations.

-- The credit ledger is append-only: rows are inserted, never changed or
-- removed (it has no foreign keys, so no cascade deletes its rows either).
CREATE OR REPLACE FUNCTION credit_ledger_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE OR REPLACE TRIGGER credit_ledger_append_only
BEFORE UPDATE OR DELETE ON credit_ledger
FOR EACH ROW EXECUTE FUNCTION credit_ledger_refuse_change();

CREATE OR REPLACE TRIGGER credit_ledger_no_truncate
BEFORE TRUNCATE ON credit_ledger
FOR EACH STATEMENT EXECUTE FUNCTION credit_ledger_refuse_change();
