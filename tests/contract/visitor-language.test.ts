import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { CATALOGUES } from "@/shared/i18n/messages";
import { panelDataSchema, type PanelData } from "@/shared/widget-wire";
import { trainOnBakeryPages } from "../helpers/answers-fixtures";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { sseFrames } from "../helpers/sse";

/**
 * The visitor's language on the surfaces (docs/decisions/117-the-visitors-language.md), over real HTTP against
 * the production build: `default_language` set on create through the agency API (422 naming the field for a
 * language without a catalogue), then the chatbot's settings, the widget's config, its page and the share
 * page, the lead form and the refusal — in German; an older chatbot's untouched English defaults follow its
 * language, what someone wrote stays as written.
 */
const de = CATALOGUES.de;
let db: Db;
let base: string;
let api: ReturnType<typeof apiClient>;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let clientId: string;
let botId: string;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  base = (await startAppServer(created.url)).baseUrl;
  api = apiClient(base);
  const res = await api("POST", "/v1/agency/clients", { token: owner.token, key: randomUUID(), body: { name: "Bäckerei Sonne", message_limit: 100, chatbot: { name: "Sonnenbot", default_language: "de" } } });
  expect(res.status).toBe(201);
  clientId = res.body.client.id;
  botId = res.body.chatbot.id;
  await trainOnBakeryPages(db, botId);
});

const dataBlock = async (path: string): Promise<{ html: string; data: PanelData }> => {
  const html = await (await fetch(`${base}${path}`)).text();
  const data = panelDataSchema.parse(JSON.parse(/<script type="application\/json" id="acp-data"[^>]*>(.*?)<\/script>/s.exec(html)![1]!));
  return { html, data };
};

describe("default_language through the agency API", () => {
  it("is set on create, with the agent's texts in it; a language without a catalogue is a 422 naming the field", async () => {
    const settings = await api("GET", `/v1/${botId}`, { token: owner.token });
    expect(settings.body).toMatchObject({ default_language: "de", welcome_message: de.chatbot.welcomeMessage, placeholder: de.chatbot.placeholder, sources_label: "Quellen", default_answer: de.chatbot.defaultAnswer });

    const bad = await api("POST", "/v1/agency/clients", { token: owner.token, key: randomUUID(), body: { name: "Nope", chatbot: { name: "X", default_language: "klingon" } } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(["chatbot.default_language"]);
    expect(bad.body.errors["chatbot.default_language"][0]).toMatch(/^The chatbot\.default language field must be a supported language code: en, de, fr, es, it, nl, pt/);

    const agent = await api("POST", `/v1/agency/clients/${clientId}/chatbots`, { token: owner.token, body: { name: "Robot", default_language: "pt-br" } });
    expect(agent.status).toBe(201);
    expect((await api("GET", `/v1/${agent.body.chatbot.id}`, { token: owner.token })).body).toMatchObject({ default_language: "pt-BR", welcome_message: CATALOGUES.pt.chatbot.welcomeMessage });
    const refused = await api("POST", `/v1/agency/clients/${clientId}/chatbots`, { token: owner.token, body: { name: "Robot", default_language: "ja" } });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(["default_language"]);
  });
});

describe("the widget in the chatbot's language", () => {
  it("the config: its texts, the default lead form and the loader's words", async () => {
    const config = await (await fetch(`${base}/api/widget/${botId}/config`)).json();
    expect(config).toMatchObject({ language: "de", welcome_message: de.chatbot.welcomeMessage, placeholder: de.chatbot.placeholder, sources_label: "Quellen", strings: de.loader });
    expect(config.lead_form.fields.map((f: { label: string }) => f.label)).toEqual([de.leadForm.nameLabel, de.leadForm.emailLabel]);
  });

  it("the widget's page and the share page: <html lang>, the panel's own words; a dead end too", async () => {
    for (const path of [`/widget/${botId}`, `/chat/${botId}`]) {
      const { html, data } = await dataBlock(path);
      expect(html).toMatch(/^<!doctype html><html lang="de">/);
      expect(html).toContain(de.panel.needsJavaScript);
      expect(data).toMatchObject({ language: "de", strings: de.panel, open: true });
    }
    await db.team.update({ where: { id: clientId }, data: { status: "suspended" } });
    try {
      const { html, data } = await dataBlock(`/chat/${botId}`);
      expect(html).toMatch(/<html lang="de">/);
      expect(data).toMatchObject({ open: false, reason: "suspended", language: "de", strings: de.panel });
    } finally {
      await db.team.update({ where: { id: clientId }, data: { status: "active" } });
    }
    const unknown = await dataBlock(`/chat/${randomUUID()}`);
    expect(unknown.html).toMatch(/<html lang="en">/);
    expect(unknown.data.strings).toEqual(CATALOGUES.en.panel);
  });

  it("the lead form's checks and thank-you", async () => {
    const lead = (fields: unknown) => fetch(`${base}/api/widget/${botId}/leads`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ fields }) });
    const bad = await lead({ email: "kein-gueltiger-wert" });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual({ "fields.email": [`Bitte geben Sie bei „${de.leadForm.emailLabel}“ eine gültige E-Mail-Adresse an.`] });
    const sent = await lead({ name: "Lena Vogel", email: "lena@example.de" });
    expect(sent.status).toBe(201);
    expect((await sent.json()).message).toBe(de.leadForm.thanks);
  });

  it("the refusal: the default answer in German when the sources do not answer", async () => {
    const res = await fetch(`${base}/api/widget/${botId}/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ message: "Verkauft ihr auch Fahrräder mit Elektromotor?" }),
    });
    const done = sseFrames(await res.text()).find((f) => f.event === "done")!.data as { message: { content: string; answered: boolean } };
    expect(done.message).toMatchObject({ content: de.chatbot.defaultAnswer, answered: false });
  });

  it("an older chatbot's untouched English defaults follow its language; what someone wrote stays", async () => {
    const older = await chatbot(db, clientId, owner.user.id, "Older Bot");
    await db.chatbot.update({ where: { id: older.id }, data: { defaultLanguage: "fr", placeholder: "Votre question sur nos pains" } });
    const config = await (await fetch(`${base}/api/widget/${older.id}/config`)).json();
    expect(config).toMatchObject({ language: "fr", welcome_message: CATALOGUES.fr.chatbot.welcomeMessage, placeholder: "Votre question sur nos pains", strings: CATALOGUES.fr.loader });
    expect((await api("GET", `/v1/${older.id}`, { token: owner.token })).body.default_answer).toBe(CATALOGUES.fr.chatbot.defaultAnswer);
  });
});
