import { job } from "@/server/kernel/jobs/registry";

/**
 * How long a provider's event id is kept to recognise its retries (`channel_events`). The longest
 * retrier is WhatsApp (Meta's webhooks retry a delivery that got no 200 for up to 7 days); Telegram
 * keeps an unconfirmed update for 24 hours and Slack retries three times within the hour. After 7 days no
 * provider delivers the event again, so its row recognises nothing any more. A turn already answered stays
 * keyed by its event on its messages (docs/decisions/083-channel-answers-once-across-a-crash.md), whatever is purged here.
 */
export const CHANNEL_EVENT_RETENTION_DAYS = 7;

/** Daily: the event ids no provider can retry any more. */
export const purgeChannelEventsJob = job("purge_channel_events", async (_db, _payload, helpers) => {
  const { rowCount } = await helpers.query(`DELETE FROM channel_events WHERE received_at < now() - make_interval(days => $1)`, [CHANNEL_EVENT_RETENTION_DAYS]);
  helpers.logger.info(`purged ${rowCount ?? 0} channel events older than ${CHANNEL_EVENT_RETENTION_DAYS} days`);
});
