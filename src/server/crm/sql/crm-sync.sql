-- Current state (docs/architecture.md, "Data access"): re-applied by the
-- migration runner after every migration. Tables stay in prisma/migrations.

-- A lead of a workspace connected to HubSpot (docs/decisions/077-hubspot-crm.md) is queued for its sync in the
-- transaction that writes it, whoever writes it (chat turn, lead form, import): a new contact, or one whose
-- e-mail, name, phone or custom data changed, or its conversation was linked (a lead left before the visitor's
-- first answer was recorded gets its transcript when that answer is). Client workspaces sync only while `crm_1` is enabled. One
-- pending job per contact (job key): a burst of changes is one sync of the latest state.
CREATE OR REPLACE FUNCTION contacts_enqueue_crm_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Bulk imports (demo data, the volume benchmark) are not leads to send anywhere.
  IF current_setting('app.bulk_import', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE'
     AND NEW.email IS NOT DISTINCT FROM OLD.email AND NEW.first_name IS NOT DISTINCT FROM OLD.first_name
     AND NEW.last_name IS NOT DISTINCT FROM OLD.last_name AND NEW.phone IS NOT DISTINCT FROM OLD.phone
     AND NEW.custom_data IS NOT DISTINCT FROM OLD.custom_data AND NOT (OLD.conversation_id IS NULL AND NEW.conversation_id IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM hubspot_connections h JOIN teams t ON t.id = h.team_id
     WHERE h.team_id = NEW.team_id AND (t.kind <> 'client' OR 'crm_1' = ANY (t.enabled_integrations))
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO crm_syncs (contact_id, team_id, status, error, updated_at)
  VALUES (NEW.id, NEW.team_id, 'pending', NULL, now())
  ON CONFLICT (contact_id) DO UPDATE SET status = 'pending', error = NULL, updated_at = now();
  PERFORM graphile_worker.add_job({{job:crm_sync_lead}}, json_build_object('contact_id', NEW.id),
    job_key := 'crm_sync_lead:' || NEW.id, job_key_mode := 'replace', max_attempts := 8);
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER contacts_enqueue_crm_sync
AFTER INSERT OR UPDATE ON contacts
FOR EACH ROW EXECUTE FUNCTION contacts_enqueue_crm_sync();
