-- Microsoft Teams channels (docs/decisions/118-teams-bot-framework.md): a Teams chat is answered at the
-- Bot Connector its last verified activity named (`serviceUrl`, vouched for by the activity's signed token);
-- kept with the chat, since a conversation id alone does not say where to post. Null for other kinds.
ALTER TABLE channel_chats ADD COLUMN service_url text;
