import { describe, expect, it } from "vitest";
import { CATALOGUES, messagesFor } from "@/shared/i18n/messages";
import { deadEndText } from "./dead-ends";
import { panelPageHtml } from "./page";
import { setStrings } from "./strings";

// The page's data carries the panel's words (record 117); English unless a test says otherwise.
setStrings(messagesFor("en").panel);

const REASONS = ["unknown", "unavailable", "paused", "suspended", "interrupted", "no-credits"] as const;

describe("the panel's dead ends (record 078)", () => {
  it.each(REASONS)("%s: said in the chatbot's voice, with no link and no internal reason, in every language", (reason) => {
    for (const [language, messages] of Object.entries(CATALOGUES)) {
      setStrings(messages.panel);
      for (const leads of [true, false]) {
        const text = deadEndText(reason, "Bakery Bot", leads);
        const all = `${text.title} ${text.body}`;
        if (reason !== "unknown" && reason !== "interrupted") expect(text.title, language).toContain("Bakery Bot");
        expect(all, language).not.toMatch(/https?:|\/|\{|dashboard|404|credit|crédit|billing|suspend|agency/i);
      }
    }
    setStrings(messagesFor("en").panel);
  });

  it("offers the lead form only when the chatbot wants leads", () => {
    expect(deadEndText("no-credits", "Bot", true).body).toContain("Leave your details");
    expect(deadEndText("no-credits", "Bot", false).body).not.toContain("Leave your details");
    for (const reason of ["paused", "suspended"] as const) {
      expect(deadEndText(reason, "Bot", true).body).toContain("Leave your details");
      expect(deadEndText(reason, "Bot", false).body).not.toContain("Leave your details");
    }
  });

  it("an unknown chatbot's page names nothing", () => {
    expect(deadEndText("unknown", null, false).title).toBe("This chat isn\u2019t available");
  });
});

describe("the panel's page", () => {
  it("keeps every text inside its JSON block and puts the nonce on each script", () => {
    const face = { name: "</script><script>alert(1)</script>", accent_color: "#1d4ed8", header_icon: null, font_size: "md", header_size: "md", hide_powered_by: false } as const;
    const html = panelPageHtml({ mode: "page", open: false, reason: "paused", face, leads: null, language: "de", strings: messagesFor("de").panel }, { nonce: "abc", scriptUrl: "/widget-panel.js?v=1" });
    expect(html.match(/<script\b/g)).toHaveLength(2);
    for (const tag of html.match(/<script\b[^>]*>/g)!) expect(tag).toContain('nonce="abc"');
    expect(html).toContain("<title>&#60;/script&#62;");
    expect(html).not.toMatch(/<\/script><script>alert/);
    // In the chatbot's language: the page's lang and its own words.
    expect(html).toMatch(/^<!doctype html><html lang="de">/);
    expect(html).toContain("Für diesen Chat wird JavaScript benötigt.");
  });
});
