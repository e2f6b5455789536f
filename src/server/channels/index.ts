/** The channels capability's public surface (issue 24): messaging channels — Telegram, WhatsApp, Slack — over the one conversation engine. */
export { channelsRouter } from "./router";
export { receiveChannelEvent, verifyChannelSubscription } from "./inbound";
export type { InboundAnswer, InboundRequest } from "./inbound";
export { channelAnswerJob, channelSendJob } from "./jobs";
export type { AnswerChannelMessage, ChannelMessage } from "./jobs";
export { slackHandoffPostJob, slackHandoffReplyJob } from "./handoff";
export { purgeChannelEventsJob } from "./purge";
