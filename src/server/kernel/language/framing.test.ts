import { describe, expect, it } from "vitest";
import { withoutRequest } from "./framing";

describe("withoutRequest", () => {
  it("leaves out a request's lead-in in each language", () => {
    expect(withoutRequest("Can you explain PRAGMA data_version?", "en")).toBe("PRAGMA data_version?");
    expect(withoutRequest("Tell me about WAL mode.", "en")).toBe("WAL mode.");
    expect(withoutRequest("Could you please describe the rollback journal?", "en")).toBe("the rollback journal?");
    expect(withoutRequest("Erkläre mir debconf.", "de")).toBe("debconf.");
    expect(withoutRequest("Kannst du preseed/interactive erklären?", "de")).toBe("Kannst du preseed/interactive?");
    expect(withoutRequest("Peux-tu m'expliquer debconf ?", "fr")).toBe("debconf ?");
    expect(withoutRequest("Parle-moi de debconf.", "fr")).toBe("debconf.");
    expect(withoutRequest("¿Puedes explicar debconf?", "es")).toBe("debconf?");
    expect(withoutRequest("Háblame de debconf.", "es")).toBe("debconf.");
    expect(withoutRequest("Puoi spiegare debconf?", "it")).toBe("debconf?");
    expect(withoutRequest("Kun je debconf uitleggen?", "nl")).toBe("Kun je debconf?");
    expect(withoutRequest("Vertel me over debconf.", "nl")).toBe("debconf.");
    expect(withoutRequest("Fale-me sobre debconf.", "pt-BR")).toBe("debconf.");
  });

  it("keeps what is no request: the word asked about, a question of another form, a request with nothing after it", () => {
    expect(withoutRequest("How do I use EXPLAIN?", "en")).toBe("How do I use EXPLAIN?");
    expect(withoutRequest("Explain EXPLAIN.", "en")).toBe("EXPLAIN.");
    expect(withoutRequest("Who founded Bramble Cycles?", "en")).toBe("Who founded Bramble Cycles?");
    expect(withoutRequest("Explain", "en")).toBe("Explain");
    expect(withoutRequest("Was erklärt die Seite über debconf?", "de")).toBe("Was erklärt die Seite über debconf?");
    expect(withoutRequest("Can you explain X?", "xx")).toBe("Can you explain X?");
  });
});
