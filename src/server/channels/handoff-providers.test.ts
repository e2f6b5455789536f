import { describe, expect, it } from "vitest";
import { handoffPostText } from "./handoff";
import { HANDOFF_PROVIDERS, slackThreadReply, teamsInHandoffChannel, teamsThreadReply } from "./handoff-providers";

const BOT = "28:5f1c3a2b-8d4e-4f60-9a7b-1c2d3e4f5a6b";
const HANDOFF = "19:bakery-support@thread.tacv2";
const THREAD = `${HANDOFF};messageid=1700000000001`;
const message = (conversationId: string, text: string, extra: Record<string, unknown> = {}) => ({
  type: "message",
  id: "1700000000042",
  serviceUrl: "https://smba.trafficmanager.net/amer/",
  from: { id: "29:sam" },
  recipient: { id: BOT },
  conversation: { id: conversationId, conversationType: "channel" },
  text,
  ...extra,
});

describe("a Teams handoff channel", () => {
  it("is a channel's conversation id, never a thread of it or a chat", () => {
    const { channelId } = HANDOFF_PROVIDERS.team_chat_2;
    for (const good of [HANDOFF, "19:ba9feb7470794dbeab58e3f72ef20a6e@thread.skype", "19:QnpQ1xYh-Kjg5_gE8T9f1k4w3u2c1@thread.tacv2"]) expect(channelId.test(good), good).toBe(true);
    for (const bad of ["General", "C0HANDOFF01", THREAD, "a:1dana", "19:two words@thread.tacv2", "29:1user"]) expect(channelId.test(bad), bad).toBe(false);
    expect(HANDOFF_PROVIDERS.team_chat_1.channelId.test(HANDOFF)).toBe(false);
  });

  it("takes a person's message in one of its threads as a reply (the mention of the bot taken out), keyed by the thread", () => {
    const reply = teamsThreadReply(message(THREAD, "<at>Bakery Bot</at> Hi, Sam here."), HANDOFF);
    expect(reply).toMatchObject({ chatKey: THREAD, text: "Hi, Sam here." });
    expect(HANDOFF_PROVIDERS.team_chat_2.threadOf(reply!.chatKey)).toEqual({ channel: HANDOFF, root: "1700000000001" });
    // The same activity again is the same event (the Bot Framework's retry is taken once).
    expect(teamsThreadReply(message(THREAD, "Hi, Sam here."), HANDOFF)!.eventId).toBe(reply!.eventId);
  });

  it("ignores the bot's own message, a thread's root, another channel, a chat, text-less messages and other activities; all of the handoff channel is not answered", () => {
    expect(teamsThreadReply(message(THREAD, "echo", { from: { id: BOT } }), HANDOFF)).toBeNull();
    expect(teamsThreadReply(message(`${HANDOFF};messageid=1700000000042`, "A new post"), HANDOFF)).toBeNull();
    expect(teamsThreadReply(message("19:general@thread.tacv2;messageid=1700000000001", "Elsewhere"), HANDOFF)).toBeNull();
    expect(teamsThreadReply(message("a:1dana", "Hello"), HANDOFF)).toBeNull();
    expect(teamsThreadReply(message(THREAD, "<at>Bakery Bot</at>"), HANDOFF)).toBeNull();
    expect(teamsThreadReply({ ...message(THREAD, "Hi"), type: "messageReaction" }, HANDOFF)).toBeNull();
    expect(teamsThreadReply(message(THREAD, "Hi"), null)).toBeNull();
    expect(teamsInHandoffChannel(message(`${HANDOFF};messageid=1700000000042`, "Question?"), HANDOFF)).toBe(true);
    expect(teamsInHandoffChannel(message(HANDOFF, "Question?"), HANDOFF)).toBe(true);
    expect(teamsInHandoffChannel(message("19:general@thread.tacv2;messageid=1", "Question?"), HANDOFF)).toBe(false);
  });
});

describe("the post", () => {
  const context = { chatbot_id: "b0b", chatbot_name: "Bakery <Bot>", who: "Dana <dana@example.com>", source: "the website", messages: [{ role: "user", content: "Can I  talk\nto a person? <at>x</at>" }] };

  it("is written in each provider's markup, the visitor's words inert in both: Slack's `<…>` links, Teams' markdown", () => {
    expect(handoffPostText(context, "c0n", "https://app.example/", HANDOFF_PROVIDERS.team_chat_1.markup)).toBe(
      [
        ":raising_hand: Dana &lt;dana@example.com&gt; on the website is waiting for a person (Bakery &lt;Bot&gt;).",
        "> *Visitor:* Can I talk to a person? &lt;at&gt;x&lt;/at&gt;",
        "<https://app.example/chatbots/b0b/inbox?conversation=c0n|Open in the inbox> · Reply in this thread to answer the visitor.",
      ].join("\n"),
    );
    expect(handoffPostText(context, "c0n", "https://app.example", HANDOFF_PROVIDERS.team_chat_2.markup)).toBe(
      [
        "🙋 Dana &lt;dana@example.com&gt; on the website is waiting for a person (Bakery &lt;Bot&gt;).",
        "> **Visitor:** Can I talk to a person? &lt;at&gt;x&lt;/at&gt;",
        "[Open in the inbox](https://app.example/chatbots/b0b/inbox?conversation=c0n) · Reply in this thread to answer the visitor.",
      ].join("\n\n"),
    );
  });
});

describe("a Slack thread reply (unchanged)", () => {
  it("is a person's message in a thread of the handoff channel, keyed {channel}:{thread_ts}", () => {
    const envelope = { type: "event_callback", event_id: "Ev1", event: { type: "message", channel: "C0HANDOFF01", user: "U0ANNA", text: " Hi ", ts: "2.0", thread_ts: "1.0" } };
    expect(slackThreadReply(envelope, "C0HANDOFF01")).toEqual({ chatKey: "C0HANDOFF01:1.0", text: "Hi", eventId: "sl:Ev1" });
    expect(slackThreadReply({ ...envelope, event: { ...envelope.event, bot_id: "B0" } }, "C0HANDOFF01")).toBeNull();
    expect(slackThreadReply({ ...envelope, event: { ...envelope.event, thread_ts: "2.0" } }, "C0HANDOFF01")).toBeNull();
  });
});
