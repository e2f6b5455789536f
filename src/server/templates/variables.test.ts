import { describe, expect, it } from "vitest";
import { fillText, missingVariables, parametrizeText, placeholdersIn, variablesOf } from "./variables";

describe("template variables", () => {
  it("finds placeholders, but not an action's own parameters", () => {
    expect(placeholdersIn("{client_website}/book/{date}?x={client_name}", new Set(["date"]))).toEqual(["client_website", "client_name"]);
    expect(placeholdersIn('{"json": 1} {Not} {9x}')).toEqual([]);
  });

  it("fills values, without a double slash where a site given with a trailing one meets a path", () => {
    expect(fillText("{client_website}/prices", { client_website: "https://smile.example/" })).toBe("https://smile.example/prices");
    expect(fillText("{client_website}/prices", { client_website: "https://smile.example" })).toBe("https://smile.example/prices");
    expect(fillText("Welcome to {client_name}! {unknown}", { client_name: "Smile" })).toBe("Welcome to Smile! {unknown}");
    expect(fillText("{client_website}/{date}", { client_website: "https://a.example", date: "no" }, new Set(["date"]))).toBe("https://a.example/{date}");
  });

  it("replaces the master's values with their placeholders, the longest first, ignoring a trailing slash", () => {
    const master = { client_website: "https://demo-dental.example/", client_name: "Demo Dental", tiny: "ab" };
    expect(parametrizeText("Visit https://demo-dental.example/book at Demo Dental (ab)", master)).toBe("Visit {client_website}/book at {client_name} (ab)");
  });

  it("lists a content's variables and what a chatbot lacks", () => {
    const content = {
      format: 1 as const,
      settings: { welcome_message: "Hi from {client_name}", height: 600 },
      lead_form: { fields: [{ key: "email", label: "E-mail", type: "email" as const, required: true }], after_messages: null, on_handoff: true, on_no_credits: true },
      greeting: null,
      items: {
        ...{ suggested_messages: [], updated_answers: [], quality_questions: [] },
        actions: [{ key: "a", value: { name: "book", description: "Book", method: "GET", url: "{api_base}/slots/{day}", header_names: [], parameters: { type: "object", properties: { day: { type: "string" } } } } }],
        sources: [{ key: "s", value: { type: "website" as const, url: "{client_website}/", title: null, text: null, sync_frequency: "never" } }],
      },
    };
    const variables = variablesOf(content);
    expect(variables).toEqual(["api_base", "client_name", "client_website"]);
    expect(missingVariables({ variables }, { client_name: "X", api_base: " " })).toEqual(["api_base", "client_website"]);
  });
});
