import { describe, expect, it } from "vitest";
import type { WidgetChatDone, WidgetConfig } from "@/shared/widget-wire";
import type { StoredConversation } from "./conversation-store";
import { canAskForPerson, canSend, initialState, isClosed, keepsConversation, leadDue, leadOnUnattended, reduce, wantsLeads, type PanelEvent, type PanelState } from "./state";
import { messagesFor } from "@/shared/i18n/messages";
import { STRINGS, setStrings } from "./strings";

// The page's data carries the panel's words (record 117); these tests read the English ones.
setStrings(messagesFor("en").panel);

const config: WidgetConfig = {
  id: "bot-1",
  name: "Bakery Bot",
  welcome_message: "Hello!",
  placeholder: "Ask me",
  accent_color: "#1d4ed8",
  launcher_icon: null,
  launcher_text: null,
  header_icon: null,
  position: "right",
  font_size: "md",
  header_size: "md",
  height: 600,
  sources_label: "Sources",
  enable_sources: true,
  hide_powered_by: false,
  enable_hide_chatbot: false,
  suggested_messages: [],
  lead_form: { fields: [{ key: "email", label: "Your e-mail", type: "email", required: true }], after_messages: null, on_handoff: true, on_no_credits: true },
  greeting: null,
  language: "en",
  strings: messagesFor("en").loader,
};

const start = (conversation: StoredConversation = { messages: [] }, form: Partial<WidgetConfig["lead_form"]> = {}) =>
  initialState({ ...config, lead_form: { ...config.lead_form, ...form } }, conversation, true);
const run = (state: PanelState, ...events: PanelEvent[]) => events.reduce(reduce, state);
const sent = (content = "Is delivery free?", n = 1): PanelEvent => ({ type: "sent", content, userKey: `u${n}`, answerKey: `a${n}` });
const answer = (content: string, answered = true, n = 1): WidgetChatDone => ({
  conversation_id: "c1",
  visitor_token: "tok",
  message: { id: `m${n}`, role: "assistant", content, answered, sources: [{ id: "s", url: "https://bakery.example/delivery", title: "Delivery" }], created_at: "2026-01-01T00:00:00Z" },
});
const done = (outcome: WidgetChatDone, n = 1): PanelEvent => ({ type: "settled", outcome: { kind: "done", done: outcome }, userKey: `u${n}`, answerKey: `a${n}` });
const refused = (status: number, n = 1): PanelEvent => ({ type: "settled", outcome: { kind: "refused", status, message: "Too many requests." }, userKey: `u${n}`, answerKey: `a${n}` });
/** A conversation the bot answered once: it has an id and a token. */
const chatting = (form: Partial<WidgetConfig["lead_form"]> = {}) => run(start(undefined, form), sent(), done(answer("Yes, above 30 euros.")));

describe("the panel's state: a chat turn", () => {
  it("a sent message adds the question and an empty answer, clears the error and streams", () => {
    const s = run({ ...start(), error: "Not sent." }, sent());
    expect(s.conversation.messages).toEqual([
      { key: "u1", role: "user", content: "Is delivery free?" },
      { key: "a1", role: "assistant", content: "" },
    ]);
    expect(s).toMatchObject({ streaming: true, error: null });
    expect(canSend(s, "another")).toBe(false);
    expect(canSend(start(), "  ")).toBe(false);
  });

  it("deltas fill the answer; the conversation is not saved on a delta, and is on every other change", () => {
    const s = run(start(), sent(), { type: "delta", answerKey: "a1", text: "Yes, " }, { type: "delta", answerKey: "a1", text: "above 30." });
    expect(s.conversation.messages[1]!.content).toBe("Yes, above 30.");
    expect(keepsConversation({ type: "delta", answerKey: "a1", text: "x" })).toBe(false);
    expect(keepsConversation(sent())).toBe(true);
  });

  it("done: the answer gets its id, sources and `answered`, the conversation its id and token, and the answer is said once", () => {
    const s = chatting();
    expect(s.streaming).toBe(false);
    expect(s.conversation).toMatchObject({ conversation_id: "c1", visitor_token: "tok" });
    expect(s.conversation.messages[1]).toMatchObject({ id: "m1", content: "Yes, above 30 euros.", answered: true, sources: [{ title: "Delivery" }] });
    expect(s.said).toEqual({ text: "Yes, above 30 euros.", n: 1 });
    expect(canAskForPerson(s)).toBe(true);
  });

  it("a bare URL in an answer is said as a link to its host", () => {
    expect(run(start(), sent(), done(answer("See https://bakery.example/a/b."))).said.text).toBe("See a link to bakery.example.");
  });

  it("a failure keeps the question with a Retry, drops the empty answer and shows the error; retrying removes the failed question", () => {
    const failed = run(start(), sent(), { type: "settled", outcome: { kind: "failed", message: "Offline.", offline: true }, userKey: "u1", answerKey: "a1" });
    expect(failed.conversation.messages).toEqual([{ key: "u1", role: "user", content: "Is delivery free?", failed: true }]);
    expect(failed).toMatchObject({ streaming: false, error: "Offline.", said: { text: "Offline." } });
    expect(run(failed, { type: "retried", key: "u1" }).conversation.messages).toEqual([]);
  });

  it("a refusal other than 402/423 (429) becomes a notice and leaves the chat open", () => {
    const s = run(start(), sent(), refused(429));
    expect(s.conversation.messages[1]).toEqual({ key: "a1", role: "notice", content: "Too many requests." });
    expect(isClosed(s)).toBe(false);
  });

  it("a thumb is kept on an answer with an id, and ignored on one without", () => {
    const s = chatting();
    expect(run(s, { type: "rated", key: "a1", value: "positive" }).conversation.messages[1]!.feedback).toBe("positive");
    expect(run(start(), sent(), { type: "rated", key: "a1", value: "negative" }).conversation.messages[1]!.feedback).toBeUndefined();
  });
});

describe("the panel's state: a stopped chatbot (the dead end)", () => {
  it.each([402, 423])("%s: the answer gives way to the chatbot's own words, said once; the lead form is due and wanted", (status) => {
    const s = run(start(), sent(), refused(status));
    expect(isClosed(s)).toBe(true);
    expect(s.conversation.messages).toEqual([{ key: "u1", role: "user", content: "Is delivery free?" }]);
    expect(s.said.text).toBe(`Bakery Bot can\u2019t answer right now. ${STRINGS.noCreditsBodyLeads}`);
    expect(wantsLeads(s)).toBe(true);
    expect(leadDue(s)).toBe(true);
    expect(canAskForPerson(run(chatting(), sent("again", 2), refused(402, 2)))).toBe(false);
  });

  it("without the form on no credits, it neither asks for details nor offers the form", () => {
    const s = run(start(undefined, { on_no_credits: false }), sent(), refused(402));
    expect(wantsLeads(s)).toBe(false);
    expect(leadDue(s)).toBe(false);
  });
});

describe("the panel's state: the lead form", () => {
  it("offers itself once after N messages, never while streaming, open or already sent", () => {
    const s = run(start(undefined, { after_messages: 1 }), sent());
    expect(leadDue(s)).toBe(false); // streaming
    const answered = run(s, done(answer("Yes.")));
    expect(leadDue(answered)).toBe(true);
    expect(leadDue(run(answered, { type: "leadOffered" }))).toBe(false);
    expect(leadDue(run(answered, { type: "leadOpened" }))).toBe(false);
    expect(leadDue(start({ messages: [{ key: "u", role: "user", content: "hi" }], lead_sent: true }, { after_messages: 1 }))).toBe(false);
  });

  it("shown, then submitted: a thank-you notice, said; the token kept; the dead end no longer asks for details", () => {
    const closed = run(start(), sent(), refused(402), { type: "leadOpened" });
    expect(closed.leadOpen).toBe(true);
    const s = run(closed, { type: "leadSent", thanks: "Thank you!", visitorToken: "tok-2", key: "n1" }, { type: "leadClosed" });
    expect(s).toMatchObject({ leadOpen: false, said: { text: "Thank you!" } });
    expect(s.conversation).toMatchObject({ lead_sent: true, visitor_token: "tok-2" });
    expect(s.conversation.messages.at(-1)).toEqual({ key: "n1", role: "notice", content: "Thank you!" });
    expect(wantsLeads(s)).toBe(false);
    expect(run(chatting(), { type: "leadSent", thanks: "Thanks", visitorToken: "other", key: "n1" }).conversation.visitor_token).toBe("tok");
  });
});

describe("the panel's state: a person", () => {
  it("asked, someone around: waiting, told once (the status bar, no second notice in the conversation)", () => {
    const s = run(chatting(), { type: "personAsked", status: "waiting", agentsAvailable: true, key: "n1" });
    expect(s).toMatchObject({ status: "waiting", agentsAvailable: true, said: { text: STRINGS.waitingNotice } });
    expect(s.conversation.status).toBe("waiting");
    expect(s.conversation.messages.filter((m) => m.role === "notice")).toHaveLength(0);
    expect(canAskForPerson(s)).toBe(false);
    // The stream then confirms the status: not said again.
    const confirmed = run(s, { type: "statusHeard", status: "waiting", key: "n2" });
    expect(confirmed.said).toEqual(s.said);
    expect(confirmed.conversation.messages.filter((m) => m.role === "notice")).toHaveLength(0);
  });

  it("asked, nobody around: it is said and the lead form is for the visitor to leave details", () => {
    const s = run(chatting(), { type: "personAsked", status: "waiting", agentsAvailable: false, key: "n1" });
    expect(s.said.text).toBe(STRINGS.unattendedNotice);
    expect(leadOnUnattended(s)).toBe(true);
    expect(leadOnUnattended(run(chatting({ on_handoff: false }), { type: "personAsked", status: "waiting", agentsAvailable: false, key: "n1" }))).toBe(false);
  });

  it("a person's reply carries their first name; resolving is a line in the conversation, once, with the name or the team", () => {
    const human = run(chatting(), { type: "statusHeard", status: "human", key: "n1" }, { type: "personWrote", id: "agent-1", content: "Hi!", author: "Anna", key: "p1" });
    expect(human.conversation.messages.at(-1)).toMatchObject({ role: "agent", author: "Anna" });
    const resolved = run(human, { type: "statusHeard", status: "resolved", by: "Anna", key: "n2" }, { type: "statusHeard", status: "resolved", by: "Anna", key: "n3" });
    expect(resolved.conversation.messages.filter((m) => m.role === "notice").map((m) => m.content)).toEqual(["Marked resolved by Anna."]);
    expect(resolved.said.text).toBe("Marked resolved by Anna.");
    const byTeam = run(human, { type: "statusHeard", status: "resolved", by: null, key: "n2" });
    expect(byTeam.conversation.messages.at(-1)).toMatchObject({ role: "notice", content: STRINGS.resolvedByTeam });
  });

  it("asking fails: an error, nothing else", () => {
    const s = chatting();
    const next = run(s, { type: "personUnreachable" });
    expect(next).toEqual({ ...s, error: STRINGS.teamUnreachable });
  });

  it("the rules hand the conversation to a person: the stream's `waiting` is told once, not again after a reload", () => {
    const s = run(chatting(), { type: "statusHeard", status: "waiting", key: "n1" });
    expect(s.said.text).toBe(STRINGS.waitingNotice);
    const reloaded = run(start(s.conversation), { type: "statusHeard", status: "waiting", key: "n2" });
    expect(reloaded.said.n).toBe(0);
    expect(reloaded.conversation.messages).toEqual(s.conversation.messages);
    expect(reloaded.status).toBe("waiting");
  });

  it("availability while waiting: nobody around is said (the bar shows it, no notice in the conversation) and wants the form; someone back clears it", () => {
    const waiting = run(chatting(), { type: "statusHeard", status: "waiting", key: "n1" });
    const away = run(waiting, { type: "availabilityHeard", agentsAvailable: false, key: "n2" }, { type: "availabilityHeard", agentsAvailable: false, key: "n3" });
    expect(away.conversation.messages.filter((m) => m.content === STRINGS.unattendedNotice)).toHaveLength(0);
    expect(away.said.n).toBe(waiting.said.n + 2);
    expect(leadOnUnattended(away)).toBe(true);
    const back = run(away, { type: "availabilityHeard", agentsAvailable: true, key: "n4" });
    expect(back.agentsAvailable).toBe(true);
    expect(leadOnUnattended(back)).toBe(false);
  });

  it("a person joins, writes (once, whatever the stream repeats) and leaves: the bot answers again", () => {
    const joined = run(chatting(), { type: "statusHeard", status: "human", key: "n1" });
    expect(joined).toMatchObject({ status: "human", agentsAvailable: null });
    const wrote = run(joined, { type: "personWrote", id: "p1", content: "Hi, Anna here: see https://bakery.example/x", key: "k1" });
    expect(wrote.conversation.messages.at(-1)).toEqual({ key: "k1", id: "p1", role: "agent", content: "Hi, Anna here: see https://bakery.example/x" });
    expect(wrote.said.text).toBe("Hi, Anna here: see a link to bakery.example");
    expect(run(wrote, { type: "personWrote", id: "p1", content: "again", key: "k2" })).toBe(wrote);
    const left = run(wrote, { type: "statusHeard", status: "bot", key: "n2" });
    expect(left.status).toBe("bot");
    expect(canAskForPerson(left)).toBe(true);
  });

  it("a message while a person has the conversation: recorded, no answer bubble, the question gets its id", () => {
    const handoff: WidgetChatDone = { conversation_id: "c1", visitor_token: "tok", answered: false, handoff: true, status: "human", message: { id: "q2", role: "user", content: "Thanks!", created_at: "2026-01-01T00:00:00Z" } };
    const s = run(chatting(), sent("Thanks!", 2), done(handoff, 2));
    expect(s.conversation.messages.slice(2)).toEqual([{ key: "u2", role: "user", content: "Thanks!", id: "q2" }]);
    expect(s).toMatchObject({ status: "human", streaming: false });
  });
});

describe("the panel's state: a new chat and the connection", () => {
  it("a restart forgets the conversation, the status, the error and the refusal, and may offer the form again", () => {
    const s = run(chatting(), sent("again", 2), refused(402, 2), { type: "leadOffered" }, { type: "personUnreachable" }, { type: "restarted" });
    expect(s).toMatchObject({ conversation: { messages: [] }, status: "bot", error: null, refusal: null, leadOffered: false, agentsAvailable: null });
  });

  it("going offline and back is kept", () => {
    expect(run(start(), { type: "connectivity", online: false }).online).toBe(false);
  });
});
