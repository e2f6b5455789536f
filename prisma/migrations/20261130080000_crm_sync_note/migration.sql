-- One transcript note per lead in HubSpot (issue 25): a later sync of the lead updates the note it made.
ALTER TABLE "crm_syncs" ADD COLUMN "hubspot_note_id" TEXT;
