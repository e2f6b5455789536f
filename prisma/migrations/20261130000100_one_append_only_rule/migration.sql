-- The credit ledger and the audit log share one append-only function,
-- refuse_change(), kept in src/server/kernel/sql/append-only.sql. Their own
-- functions go; CASCADE drops their triggers, which the current-state files
-- re-create on refuse_change() right after the migrations, in the same start.
DROP FUNCTION IF EXISTS credit_ledger_refuse_change() CASCADE;
DROP FUNCTION IF EXISTS audit_log_refuse_change() CASCADE;
