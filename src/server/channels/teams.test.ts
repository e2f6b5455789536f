import { describe, expect, it } from "vitest";
import { isServiceUrl, isTeamsGreeting, teamsWork } from "./teams";

const BOT = "28:5f1c3a2b-8d4e-4f60-9a7b-1c2d3e4f5a6b";
const base = { id: "1700000000001", channelId: "msteams", serviceUrl: "https://smba.trafficmanager.net/amer/", recipient: { id: BOT }, from: { id: "29:dana" } };

describe("which Teams activities are answered", () => {
  it("answers a personal message, keyed by its conversation, once per conversation and activity id", () => {
    const work = teamsWork({ ...base, type: "message", text: " Opening hours? ", conversation: { id: "a:1dana", conversationType: "personal" } });
    expect(work).toMatchObject({ chatKey: "a:1dana", text: "Opening hours?" });
    const again = teamsWork({ ...base, type: "message", text: "Opening hours?", conversation: { id: "a:1dana" } });
    expect("eventId" in again && "eventId" in work && again.eventId === work.eventId).toBe(true);
    const otherConversation = teamsWork({ ...base, type: "message", text: "Opening hours?", conversation: { id: "a:1sam" } });
    expect("eventId" in otherConversation && "eventId" in work && otherConversation.eventId !== work.eventId).toBe(true);
  });

  it("in a channel, answers only a mention of the bot, without the <at> text", () => {
    const conversation = { id: "19:general@thread.tacv2;messageid=1", conversationType: "channel" };
    expect(teamsWork({ ...base, type: "message", text: "Opening hours?", conversation })).toEqual({ ignored: "a channel message that does not mention the bot" });
    const mentionOfSomeoneElse = [{ type: "mention", mentioned: { id: "29:sam" } }];
    expect("ignored" in teamsWork({ ...base, type: "message", text: "<at>Sam</at> hours?", conversation, entities: mentionOfSomeoneElse })).toBe(true);
    const mentioned = teamsWork({ ...base, type: "message", text: "<at>Bakery Bot</at> Opening hours?", conversation, entities: [{ type: "mention", mentioned: { id: BOT } }] });
    expect(mentioned).toMatchObject({ chatKey: conversation.id, text: "Opening hours?" });
    expect(teamsWork({ ...base, type: "message", text: "<at>Bakery Bot</at>", conversation, entities: [{ type: "mention", mentioned: { id: BOT } }] })).toEqual({ ignored: "a message without text" });
  });

  it("greets when the bot is added, not when someone else is; ignores its own messages, typing and text-less messages", () => {
    const conversation = { id: "a:1dana" };
    const greeting = teamsWork({ ...base, type: "conversationUpdate", conversation, membersAdded: [{ id: "29:dana" }, { id: BOT }] });
    expect("eventId" in greeting && isTeamsGreeting(greeting.eventId)).toBe(true);
    expect("ignored" in teamsWork({ ...base, type: "conversationUpdate", conversation, membersAdded: [{ id: "29:sam" }] })).toBe(true);
    expect("ignored" in teamsWork({ ...base, type: "message", text: "hi", conversation, from: { id: BOT } })).toBe(true);
    expect("ignored" in teamsWork({ ...base, type: "typing", conversation })).toBe(true);
    expect("ignored" in teamsWork({ ...base, type: "message", conversation })).toBe(true);
    expect("ignored" in teamsWork({ ...base, type: "message", text: "hi", conversation: { id: "x".repeat(201) } })).toBe(true);
    const answered = teamsWork({ ...base, type: "message", text: "hi", conversation });
    expect("eventId" in answered && isTeamsGreeting(answered.eventId)).toBe(false);
  });

  it("takes an http(s) serviceUrl only", () => {
    expect(isServiceUrl("https://smba.trafficmanager.net/amer/")).toBe(true);
    for (const url of ["javascript:alert(1)", "ftp://x/", "", 42, "https://a b/"]) expect(isServiceUrl(url)).toBe(false);
  });
});
