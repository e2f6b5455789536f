/** The channels capability's public surface (docs/decisions/069-messaging-channels.md): messaging channels — Telegram, WhatsApp, Slack, Microsoft Teams — over the one conversation engine. */
export { channelsRouter } from "./router";
export { receiveChannelEvent, verifyChannelSubscription } from "./inbound";
export type { InboundAnswer, InboundRequest } from "./inbound";
export { channelAnswerJob, channelSendJob } from "./jobs";
export { channelRatingAskJob, channelVisitorKey } from "./ratings";
export type { AnswerChannelMessage, ChannelMessage } from "./jobs";
export { slackHandoffPostJob, slackHandoffReplyJob } from "./handoff";
export { purgeChannelEventsJob } from "./purge";
export { refusalWords } from "./refusal";
