/** The channels capability's pure rules for the UI. */
export { CHANNEL_KINDS, channelLabel, CREDENTIAL_FIELDS } from "./kinds";
export type { ChannelKind, ChannelStatus } from "./kinds";
