-- Current state (docs/architecture.md, "Data access"): re-applied by the
-- migration runner after every migration, so this file is the one place where
-- these definitions are read and changed. Tables stay in prisma/migrations.

-- The credit ledger is append-only (it has no foreign keys, so no cascade
-- deletes its rows either): the one rule in src/server/kernel/sql/append-only.sql.
CREATE OR REPLACE TRIGGER credit_ledger_append_only
BEFORE UPDATE OR DELETE ON credit_ledger
FOR EACH ROW EXECUTE FUNCTION refuse_change();

CREATE OR REPLACE TRIGGER credit_ledger_no_truncate
BEFORE TRUNCATE ON credit_ledger
FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
