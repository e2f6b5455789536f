-- Current state (docs/architecture.md, "Data access"): re-applied by the
-- migration runner after every migration. Tables stay in prisma/migrations.

-- The audit log is append-only (docs/decisions/061-audit-log.md): the one
-- rule in src/server/kernel/sql/append-only.sql.
CREATE OR REPLACE TRIGGER audit_log_append_only
BEFORE UPDATE OR DELETE ON audit_log
FOR EACH ROW EXECUTE FUNCTION refuse_change();

CREATE OR REPLACE TRIGGER audit_log_no_truncate
BEFORE TRUNCATE ON audit_log
FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
