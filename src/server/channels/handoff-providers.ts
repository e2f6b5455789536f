/**
 * The provider parts of the handoff channel (channels/handoff.ts; docs/decisions/073-slack-handoff-channel.md,
 * 129-teams-handoff-channel.md): for Slack and Microsoft Teams, what a handoff channel's id looks like, how a
 * waiting conversation is posted as a new thread, and how an inbound event is recognised as a person's reply
 * in such a thread (or as anything else said in the handoff channel, which the bot does not answer).
 */
import type { ProviderAnswer } from "./provider-call";
import { slack, slackTarget, withEntities, type SlackEnvelope } from "./slack";
import { eventIdOf, teams, teamsThreadOf, withoutMentions, type TeamsActivity, type TeamsCredentials } from "./teams";
import { MICROSOFT_TEAMS, SLACK } from "@/shared/integrations";

/** How a post is written: the provider's markup. */
export interface PostMarkup {
  icon: string;
  bold: (text: string) => string;
  link: (url: string, text: string) => string;
  /** The visitor's words made inert (no mention, no markup of theirs). */
  escape: (text: string) => string;
  lineBreak: string;
}

/** The channel of the chatbot that posts: its credentials and (Teams) the Bot Connector it was last sent from. */
export interface PostingChannel {
  credentials: Record<string, string>;
  serviceUrl: string | null;
}

export interface HandoffProvider {
  /** A handoff channel's id, and how to find it when one does not look like it. */
  channelId: RegExp;
  malformed: string;
  markup: PostMarkup;
  /** Posts `text` as a new thread in `handoffChannel`: the thread's root id (null: posted, but named no root to link). */
  post: (channel: PostingChannel, handoffChannel: string, text: string) => Promise<ProviderAnswer<string | null>>;
  /** The provider's channel and thread root of a thread reply's chat key. */
  threadOf: (chatKey: string) => { channel: string; root: string | null };
}

/** A person's reply in a handoff thread, as the reply job takes it: the thread's chat key, the text, the event's id. */
export interface ThreadReply {
  chatKey: string;
  text: string;
  eventId: string;
}

/** A Slack conversation id (public `C…`, private `G…`): what `chat.postMessage` takes as `channel`. */
export const SLACK_CHANNEL_ID = /^[CG][A-Z0-9]{6,20}$/;
/** A Teams channel's conversation id (`19:…@thread.tacv2`, older teams `@thread.skype`), never a thread of it. */
export const TEAMS_CHANNEL_ID = /^19:[A-Za-z0-9_-]{1,100}@thread\.(tacv2|skype)$/;

const SLACK_HANDOFF: HandoffProvider = {
  channelId: SLACK_CHANNEL_ID,
  malformed: "A Slack channel id looks like C0123456789 (channel details → About, at the bottom).",
  markup: { icon: ":raising_hand:", bold: (t) => `*${t}*`, link: (url, t) => `<${url}|${t}>`, escape: withEntities, lineBreak: "\n" },
  post: async (channel, handoffChannel, text) => {
    const sent = await slack.postMessage(channel.credentials.bot_token!, handoffChannel, text, null);
    return sent.ok ? { ok: true, result: typeof sent.result.ts === "string" ? sent.result.ts : null } : sent;
  },
  threadOf: (chatKey) => {
    const target = slackTarget(chatKey);
    return { channel: target.channel, root: target.threadTs };
  },
};

const TEAMS_HANDOFF: HandoffProvider = {
  channelId: TEAMS_CHANNEL_ID,
  malformed: "A Teams channel id looks like 19:…@thread.tacv2 (the channel's ⋯ → Get link to channel: the part after /channel/, decoded).",
  markup: { icon: "🙋", bold: (t) => `**${t}**`, link: (url, t) => `[${t}](${url})`, escape: withEntities, lineBreak: "\n\n" },
  post: async (channel, handoffChannel, text) => {
    // Microsoft names the Bot Connector in each activity it sends: none yet, no address to post to.
    if (!channel.serviceUrl) return { ok: false, status: 409, message: "Microsoft Teams: no activity has reached the bot yet, so its Bot Connector is unknown (install the bot's app in the team).", retryAfterSeconds: null, permanent: true };
    return teams.startChannelThread(channel.credentials as unknown as TeamsCredentials, channel.serviceUrl, handoffChannel, text);
  },
  threadOf: teamsThreadOf,
};

export const HANDOFF_PROVIDERS: Record<typeof SLACK | typeof MICROSOFT_TEAMS, HandoffProvider> = { [SLACK]: SLACK_HANDOFF, [MICROSOFT_TEAMS]: TEAMS_HANDOFF };
export const handoffProviderOf = (kind: string): HandoffProvider | null => (kind === SLACK || kind === MICROSOFT_TEAMS ? HANDOFF_PROVIDERS[kind] : null);

/**
 * A Slack reply in a handoff thread: a person's message (no bot, no edit) in the handoff channel with a
 * `thread_ts` other than its own `ts`; the chat key `{channel}:{thread_ts}` finds the conversation. Null otherwise.
 */
export function slackThreadReply(envelope: SlackEnvelope, handoffChannel: string | null): ThreadReply | null {
  const e = envelope.event;
  if (!handoffChannel || !e || e.type !== "message" || e.channel !== handoffChannel || typeof envelope.event_id !== "string") return null;
  if (e.bot_id !== undefined || e.subtype !== undefined || typeof e.text !== "string" || typeof e.thread_ts !== "string" || e.thread_ts === e.ts) return null;
  const text = e.text.trim().slice(0, 4000);
  return text ? { chatKey: `${e.channel}:${e.thread_ts}`, text, eventId: `sl:${envelope.event_id}` } : null;
}

/** Whether a Slack event happened in the handoff channel (the bot answers no question there: its threads are the agents'). */
export const slackInHandoffChannel = (envelope: SlackEnvelope, handoffChannel: string | null) => handoffChannel !== null && envelope.event?.channel === handoffChannel;

/**
 * A Teams reply in a handoff thread: a person's `message` (not the bot's own) whose conversation is a thread of
 * the handoff channel (`{channel};messageid={root}`) and which is not the thread's root itself; the mention of
 * the bot, if any, taken out. The chat key is the thread's conversation id. Null otherwise.
 */
export function teamsThreadReply(activity: TeamsActivity, handoffChannel: string | null): ThreadReply | null {
  const conversationId = activity.conversation?.id;
  if (!handoffChannel || activity.type !== "message" || typeof conversationId !== "string" || typeof activity.id !== "string" || typeof activity.text !== "string") return null;
  const thread = teamsThreadOf(conversationId);
  if (thread.channel !== handoffChannel || thread.root === null || thread.root === activity.id) return null;
  if (activity.from?.id === undefined || activity.from.id === activity.recipient?.id) return null;
  const text = withoutMentions(activity.text);
  return text ? { chatKey: conversationId, text, eventId: eventIdOf("tm:", conversationId, activity.id) } : null;
}

/** Whether a Teams activity came from the handoff channel or one of its threads (the bot answers nothing there). */
export const teamsInHandoffChannel = (activity: TeamsActivity, handoffChannel: string | null) =>
  handoffChannel !== null && typeof activity.conversation?.id === "string" && teamsThreadOf(activity.conversation.id).channel === handoffChannel;
