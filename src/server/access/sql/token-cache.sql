-- Current state (docs/architecture.md, "Data access"). The in-process caches
-- of API tokens (src/server/access/token-cache.ts) drop an entry when these
-- notifications arrive: sent in the changing transaction, delivered at its
-- commit to every instance (docs/decisions/066-token-cache-invalidated-by-notify.md).
CREATE OR REPLACE FUNCTION "api_tokens_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('api_tokens_changed', 'u:' || OLD."id");
  ELSE
    PERFORM pg_notify('api_tokens_changed', 't:' || OLD."token_hash");
  END IF;
  RETURN NULL;
END
$$;

-- A token changes what it grants when revoked, re-hashed, moved or deleted
-- (the user's deletion deletes its tokens); `last_used_at` (written once a
-- minute by the look-up itself) does not.
CREATE OR REPLACE TRIGGER "api_tokens_cache_update" AFTER UPDATE ON "api_tokens"
  FOR EACH ROW
  WHEN ((OLD."revoked_at", OLD."token_hash", OLD."user_id") IS DISTINCT FROM (NEW."revoked_at", NEW."token_hash", NEW."user_id"))
  EXECUTE FUNCTION "api_tokens_notify_change"();

CREATE OR REPLACE TRIGGER "api_tokens_cache_delete" AFTER DELETE ON "api_tokens"
  FOR EACH ROW EXECUTE FUNCTION "api_tokens_notify_change"();

-- The cached entry carries the user's row (the request's `ctx.user`): any change of it.
CREATE OR REPLACE TRIGGER "users_api_tokens_cache" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "api_tokens_notify_change"();
