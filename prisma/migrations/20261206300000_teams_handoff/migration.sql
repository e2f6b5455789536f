-- A Microsoft Teams channel may name a handoff channel too (docs/decisions/129-teams-handoff-channel.md): its
-- posts go to the Bot Connector the bot's last verified activity named (Microsoft's serviceUrl for the tenant).
ALTER TABLE "channels" ADD COLUMN "service_url" TEXT;
