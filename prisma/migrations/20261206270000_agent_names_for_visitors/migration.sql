-- Whether visitors see the first name of the person from the team who replies or resolves their conversation
-- (docs/decisions/128-the-dashboard-as-people-use-it.md); off: "the team".
ALTER TABLE "teams" ADD COLUMN "show_agent_names" BOOLEAN NOT NULL DEFAULT true;
