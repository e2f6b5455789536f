import { describe, expect, it } from "vitest";
import { CHANNEL_CREDENTIALS, channelLabel, isTelegramStart } from "./kinds";
import { failure } from "./provider-call";

describe("channel rules", () => {
  it("recognises Telegram's /start, with a bot name or a deep-link parameter, and nothing else", () => {
    for (const text of ["/start", " /start ", "/start@bakery_bot", "/start ref-42"]) expect(isTelegramStart(text)).toBe(true);
    for (const text of ["/started", "start", "please /start", "/help"]) expect(isTelegramStart(text)).toBe(false);
  });

  it("accepts a BotFather token and refuses anything else", () => {
    expect(CHANNEL_CREDENTIALS.messaging_app_2.safeParse({ bot_token: "123456:AA-bb_CC" }).success).toBe(true);
    for (const bot_token of ["", "abc", "123456", "12:with space", undefined]) expect(CHANNEL_CREDENTIALS.messaging_app_2.safeParse({ bot_token }).success).toBe(false);
  });

  it("names a channel by its product and its bot's name, 'Channel' while unknown", () => {
    expect(channelLabel({ product: "Telegram", name: "@bakery_bot" })).toBe("Telegram @bakery_bot");
    expect(channelLabel({ product: "Slack", name: null })).toBe("Slack");
    expect(channelLabel(undefined)).toBe("Channel");
    expect(channelLabel(null)).toBe("Channel");
  });

  it("retries 429, 408 and 5xx; not other 4xx", () => {
    expect(failure(429, "x", 3).permanent).toBe(false);
    expect(failure(408, "x", null).permanent).toBe(false);
    expect(failure(502, "x", null).permanent).toBe(false);
    expect(failure(403, "x", null).permanent).toBe(true);
    expect(failure(400, "x", null).permanent).toBe(true);
  });
});
