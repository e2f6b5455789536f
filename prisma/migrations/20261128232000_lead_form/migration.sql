-- A real lead form (issue 23): its fields (name, e-mail, phone, custom ones,
-- each required or not) and when the widget shows it, per chatbot. NULL: the
-- default form (conversations/rules/lead-form.ts).
ALTER TABLE "chatbots" ADD COLUMN "lead_form" JSONB;
