import { describe, expect, it } from "vitest";
import { clientFieldsSchema, createClientSchema, emptyCreateClient, fieldsFromClient, toCreateInput, toUpdateInput } from "./client-form-schema";
import type { Client } from "./types";

const PLAN = ["messaging_app_1", "crm_1", "team_chat_1", "team_chat_2", "messaging_app_2", "chat_platform_1", "actions"];

function errorsOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("create-client form", () => {
  it("sends only what was filled in: no limits, plan integrations, no agent, no invitation", () => {
    const parsed = createClientSchema.parse({ ...emptyCreateClient, name: "  Acme  " });
    expect(toCreateInput(parsed)).toEqual({ name: "Acme", byok_enabled: false });
  });

  it("sends every field when filled, with an explicit (possibly empty) integration list", () => {
    const parsed = createClientSchema.parse({
      ...emptyCreateClient,
      name: "Acme",
      external_reference: "crm-9",
      message_limit: "1000",
      source_limit: "0",
      chatbot_limit: "3",
      response_token_limit: "400",
      byok_enabled: true,
      integrations_mode: "custom",
      enabled_integrations: [],
      chatbot: { name: "Helper", website_url: "https://acme.example", accent_color: "#0ea5e9" },
      invite_email: "boss@acme.example",
      invite_role: "editor",
    });
    expect(toCreateInput(parsed)).toEqual({
      name: "Acme",
      external_reference: "crm-9",
      message_limit: 1000,
      source_limit: 0,
      chatbot_limit: 3,
      response_token_limit: 400,
      byok_enabled: true,
      enabled_integrations: [],
      chatbot: { name: "Helper", website_url: "https://acme.example", accent_color: "#0ea5e9" },
      invite_email: "boss@acme.example",
      invite_role: "editor",
    });
  });

  it("names the invalid fields", () => {
    const result = createClientSchema.safeParse({
      ...emptyCreateClient,
      message_limit: "1.5",
      response_token_limit: "20",
      chatbot: { name: "", website_url: "ftp://x", accent_color: "blue" },
      invite_email: "nope",
    });
    expect(Object.keys(errorsOf(result)).sort()).toEqual(
      ["chatbot.accent_color", "chatbot.name", "chatbot.website_url", "invite_email", "message_limit", "name", "response_token_limit"].sort(),
    );
  });

  it("accepts gradients as accent colors", () => {
    const result = createClientSchema.safeParse({ ...emptyCreateClient, name: "A", chatbot: { name: "B", website_url: "", accent_color: "linear-gradient(135deg, #f97316, #ec4899)" } });
    expect(result.success).toBe(true);
  });
});

describe("limits editor", () => {
  const client = {
    id: "c1",
    name: "Acme",
    external_reference: null,
    byok_enabled: false,
    enabled_integrations: [...PLAN].reverse(),
    limits: { chatbots: null, sources: 10, messages: 500, response_tokens: null },
  } as unknown as Client;

  it("starts from the client, recognising the plan default", () => {
    const fields = fieldsFromClient(client, PLAN);
    expect(fields).toMatchObject({ name: "Acme", external_reference: "", message_limit: "500", source_limit: "10", chatbot_limit: "", integrations_mode: "plan" });
    expect(fieldsFromClient({ ...client, enabled_integrations: ["crm_1"] }, PLAN).integrations_mode).toBe("custom");
  });

  it("sends null to clear a limit and null integrations for the plan default", () => {
    const values = clientFieldsSchema.parse({ ...fieldsFromClient(client, PLAN), message_limit: "", external_reference: " ref " });
    expect(toUpdateInput("c1", values)).toEqual({
      client_id: "c1",
      name: "Acme",
      external_reference: "ref",
      message_limit: null,
      source_limit: 10,
      chatbot_limit: null,
      response_token_limit: null,
      byok_enabled: false,
      enabled_integrations: null,
    });
  });
});
