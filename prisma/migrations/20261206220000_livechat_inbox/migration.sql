-- The inbox as a support team's working tool (docs/decisions/121-the-inbox-for-a-support-team.md):
-- saved replies per workspace, the team's notes on a conversation (never a message: nothing that reads
-- messages can send them to a visitor), and the reply SLA: since when a visitor waits for a person's
-- answer, each chatbot's minutes, and the two reminders' stamps (each sent once).
CREATE TABLE saved_replies (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id    uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE ON UPDATE CASCADE,
  shortcut   text NOT NULL,
  body       text NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL ON UPDATE CASCADE,
  created_at timestamptz(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at timestamptz(6) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX saved_replies_team_id_shortcut_key ON saved_replies (team_id, shortcut);

CREATE TABLE conversation_notes (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE ON UPDATE CASCADE,
  chatbot_id      uuid NOT NULL REFERENCES chatbots(id) ON DELETE CASCADE ON UPDATE CASCADE,
  user_id         uuid REFERENCES users(id) ON DELETE SET NULL ON UPDATE CASCADE,
  -- internal: a reply the team writes in the thread; note: a note kept beside the conversation.
  kind            text NOT NULL,
  body            text NOT NULL,
  created_at      timestamptz(6) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX conversation_notes_conversation_id_created_at_idx ON conversation_notes (conversation_id, created_at);

ALTER TABLE chatbots ADD COLUMN reply_sla_minutes integer NOT NULL DEFAULT 5;
ALTER TABLE conversations ADD COLUMN awaiting_since timestamptz(6);
ALTER TABLE conversations ADD COLUMN sla_assignee_mailed_at timestamptz(6);
ALTER TABLE conversations ADD COLUMN sla_admins_mailed_at timestamptz(6);
-- The reminder job's scan: the conversations that wait for a person's answer, oldest first.
CREATE INDEX conversations_awaiting_since_idx ON conversations (awaiting_since);
