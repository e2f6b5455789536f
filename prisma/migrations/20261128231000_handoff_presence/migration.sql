-- Human handoff (issue 23): when a member who may reply last had the inbox
-- open, per workspace. A visitor who asks for a person while nobody has been
-- there for HANDOFF_AGENT_IDLE_MINUTES is told so and offered the lead form.
ALTER TABLE "teams" ADD COLUMN "agent_seen_at" TIMESTAMPTZ(6);
