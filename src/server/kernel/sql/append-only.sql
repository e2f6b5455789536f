-- Current state (docs/architecture.md, "Data access"): re-applied by the
-- migration runner after every migration. Kernel files are applied before
-- the capabilities' files, whose triggers use these functions.

-- The one rule of an append-only table (the credit ledger, the audit log):
-- rows are inserted, never changed or removed. A table opts in with a row
-- trigger (UPDATE, DELETE) and a statement trigger (TRUNCATE) on this function.
CREATE OR REPLACE FUNCTION refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
