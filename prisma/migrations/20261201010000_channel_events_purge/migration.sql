-- Issue 24: the daily purge of channel_events (channels/purge.ts) finds the old rows by their arrival.
CREATE INDEX "channel_events_received_at_idx" ON "channel_events"("received_at");
