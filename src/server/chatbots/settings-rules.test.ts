import { describe, expect, it } from "vitest";
import { zodFieldErrors } from "@/shared/zod-errors";
import {
  chatbotSettingsSchema,
  isHostname,
  normalizeDomain,
  settingsFormValues,
  type ChatbotSettingsForm,
  type ChatbotSettingsWire,
} from "./settings-rules";

const wire: ChatbotSettingsWire = {
  name: "Support",
  description: null,
  welcome_message: "Hi!",
  placeholder: "Ask me anything...",
  accent_color: "#4f46e5",
  launcher_icon: null,
  launcher_text: null,
  header_icon: "https://cdn.example.com/h.png",
  share_icon: null,
  font_size: "md",
  header_size: "lg",
  height: 640,
  sources_label: "Sources",
  enable_sources: 1,
  hide_powered_by: 0,
  enable_hide_chatbot: 0,
  position: "right",
  domain: "example.com",
  goals_prompt: "",
  system_prompt: "Be nice.",
  user_prompt: null,
  default_answer: "Sorry.",
  default_language: "en",
  history_count: 6,
  gpt_model: "gpt-4o-mini",
  temperature: 0.2,
  topK: 4,
  enable_escalations: 0,
  enable_escalations_notification: 0,
  escalations_email: "",
  escalate_message_threshold: 3,
  enable_assistant_fallback: 0,
  fallback_excluded_topics: null,
};

const valid: ChatbotSettingsForm = settingsFormValues(wire);

function errorsFor(patch: Partial<Record<keyof ChatbotSettingsForm, unknown>>) {
  const result = chatbotSettingsSchema.safeParse({ ...valid, ...patch });
  return result.success ? {} : zodFieldErrors(result.error);
}

describe("domains", () => {
  it("reduces a pasted URL to its hostname", () => {
    expect(normalizeDomain(" https://WWW.Example.com:8443/path?q#x ")).toBe("www.example.com");
    expect(normalizeDomain("example.com.")).toBe("example.com");
  });

  it("checks hostnames", () => {
    expect(isHostname("shop.example.co.uk")).toBe(true);
    expect(isHostname("localhost")).toBe(false);
    expect(isHostname("-bad.example.com")).toBe(false);
    expect(isHostname("exa mple.com")).toBe(false);
  });
});

describe("the settings schema", () => {
  it("accepts the documented settings converted to form values", () => {
    const parsed = chatbotSettingsSchema.parse(valid);
    expect(parsed).toMatchObject({ name: "Support", enable_sources: true, description: null, header_icon: "https://cdn.example.com/h.png", temperature: 0.2 });
  });

  it("turns empty optional text into null and normalizes the domain", () => {
    const parsed = chatbotSettingsSchema.parse({ ...valid, description: "  ", launcher_text: "", domain: "https://Help.Example.com/faq" });
    expect(parsed).toMatchObject({ description: null, launcher_text: null, domain: "help.example.com" });
    expect(chatbotSettingsSchema.parse({ ...valid, domain: "" }).domain).toBeNull();
  });

  it.each<[string, Partial<Record<keyof ChatbotSettingsForm, unknown>>, string, RegExp]>([
    ["an empty name", { name: " " }, "name", /name field is required/],
    ["a long welcome message", { welcome_message: "x".repeat(1001) }, "welcome_message", /greater than 1000 characters/],
    ["a bad color", { accent_color: "blue" }, "accent_color", /accent color field must be a hex color/],
    ["a non-http icon", { header_icon: "javascript:alert(1)" }, "header_icon", /http:\/\/ or https:\/\//],
    ["an unknown font size", { font_size: "xl" }, "font_size", /must be one of: sm, md, lg/],
    ["an unknown header size", { header_size: "huge" }, "header_size", /must be one of/],
    ["a short widget", { height: 200 }, "height", /at least 320/],
    ["a tall widget", { height: 5000 }, "height", /greater than 1200/],
    ["a fractional height", { height: 640.5 }, "height", /integer/],
    ["a position", { position: "top" }, "position", /left, right/],
    ["a bad domain", { domain: "not a domain" }, "domain", /hostname/],
    ["an empty system prompt", { system_prompt: "" }, "system_prompt", /required/],
    ["a huge system prompt", { system_prompt: "x".repeat(10_001) }, "system_prompt", /10000 characters/],
    ["a language", { default_language: "english!" }, "default_language", /language code/],
    ["history", { history_count: 51 }, "history_count", /greater than 50/],
    ["negative history", { history_count: -1 }, "history_count", /at least 0/],
    ["a model", { gpt_model: "gpt-2" }, "gpt_model", /must be one of/],
    ["a hot temperature", { temperature: 2.5 }, "temperature", /greater than 2/],
    ["a negative temperature", { temperature: -0.1 }, "temperature", /at least 0/],
    ["an empty number", { temperature: Number.NaN }, "temperature", /must be a number/],
    ["topK 0", { topK: 0 }, "topK", /at least 1/],
    ["topK 21", { topK: 21 }, "topK", /greater than 20/],
    ["a threshold", { escalate_message_threshold: 0 }, "escalate_message_threshold", /at least 1/],
    ["a bad email", { escalations_email: "nope" }, "escalations_email", /valid email/],
    ["a missing email with notifications", { enable_escalations_notification: true, escalations_email: "" }, "escalations_email", /required when escalation notifications are enabled/],
  ])("refuses %s, naming the field", (_label, patch, field, message) => {
    const errors = errorsFor(patch);
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]?.[0]).toMatch(message);
  });

  it("needs no email while notifications are off, and takes a valid one when on", () => {
    expect(errorsFor({ enable_escalations: true, escalations_email: "" })).toEqual({});
    expect(errorsFor({ enable_escalations_notification: true, escalations_email: "help@example.com" })).toEqual({});
  });

  it("accepts the ends of every range", () => {
    for (const patch of [
      { height: 320, temperature: 0, topK: 1, history_count: 0, escalate_message_threshold: 1 },
      { height: 1200, temperature: 2, topK: 20, history_count: 50, escalate_message_threshold: 20 },
    ]) {
      expect(errorsFor(patch)).toEqual({});
    }
  });
});
