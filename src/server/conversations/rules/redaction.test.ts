import { describe, expect, it } from "vitest";
import { ibanChecks, luhnChecks, redactPersonalData } from "./redaction";

const redact = (text: string, country: string | null = null) => redactPersonalData(text, country);

describe("redaction of a visitor's message", () => {
  it("masks e-mail addresses, plus-addresses and subdomains included", () => {
    expect(redact("Write to jane.doe+shop@mail.example.co.uk, thanks")).toBe("Write to [email], thanks");
    expect(redact("a@b.io and Max_Mustermann@sub.firma.de")).toBe("[email] and [email]");
  });

  it("masks phone numbers in international formats, and national ones in the visitor's country", () => {
    expect(redact("Call +44 20 7946 0958 please")).toBe("Call [phone] please");
    expect(redact("+33 6 12 34 56 78 ou +91 98765 43210")).toBe("[phone] ou [phone]");
    expect(redact("Meine Nummer: +49 151 23456789")).toBe("Meine Nummer: [phone]");
    expect(redact("0049 30 901820 anrufen", "AT")).toBe("[phone] anrufen");
    expect(redact("mobil 0151 23456789", "DE")).toBe("mobil [phone]");
    expect(redact("call (415) 555-2671 tomorrow", "US")).toBe("call [phone] tomorrow");
    expect(redact("appelez le 06 12 34 56 78", "FR")).toBe("appelez le [phone]");
    // Without the visitor's country a national format cannot be read as a number.
    expect(redact("mobil 0151 23456789")).toBe("mobil 0151 23456789");
  });

  it("masks card numbers that pass the Luhn check, spaced, dashed or not", () => {
    expect(redact("my card is 4111 1111 1111 1111 exp 12/27")).toBe("my card is [card] exp 12/27");
    expect(redact("5500-0000-0000-0004")).toBe("[card]");
    expect(redact("Amex 3782 822463 10005.")).toBe("Amex [card].");
    expect(redact("6011111111111117", "DE")).toBe("[card]");
    expect(redact("Visa 4012888888881881 and MC 2223000048400011")).toBe("Visa [card] and MC [card]");
    // One digit off: not a card (and not a phone either, being 16 digits).
    expect(redact("4111 1111 1111 1112")).toBe("4111 1111 1111 1112");
  });

  it("masks IBANs of several countries that pass the mod-97 check", () => {
    expect(redact("IBAN: DE89 3704 0044 0532 0130 00 bitte")).toBe("IBAN: [iban] bitte");
    expect(redact("GB29 NWBK 6016 1331 9268 19")).toBe("[iban]");
    expect(redact("FR14 2004 1010 0505 0001 3M02 606 merci")).toBe("[iban] merci");
    expect(redact("NL91ABNA0417164300")).toBe("[iban]");
    expect(redact("es91 2100 0418 4502 0005 1332")).toBe("[iban]");
    expect(redact("BE68 5390 0754 7034 bank")).toBe("[iban] bank");
    expect(redact("DE88 3704 0044 0532 0130 00")).toBe("DE88 3704 0044 0532 0130 00");
  });

  it("leaves order numbers, dates, prices, times and version numbers alone", () => {
    for (const [text, country] of [
      ["Order #48213377 has not arrived", "DE"],
      ["order no. 30901820 from last week", "DE"],
      ["invoice 0151 2345678", "DE"],
      ["Delivered on 2024-12-06 at 10:30", "DE"],
      ["Termin am 06.12.2024 um 14:00", "DE"],
      ["It costs €1,299.00 or $ 1 299,95", "US"],
      ["Update from 1.2.3.4 to 10.15.7", "DE"],
      ["Your tracking code 1Z999AA10123456784", "US"],
      ["I have 3 questions about order 12345", "US"],
      ["Room 1204, 3 nights, 2 adults", "GB"],
    ] as const) {
      expect(redact(text, country), text).toBe(text);
    }
  });

  it("masks several kinds in one message", () => {
    expect(redact("I'm ann@x.org, +1 415 555 2671, card 4111111111111111, IBAN DE89370400440532013000")).toBe(
      "I'm [email], [phone], card [card], IBAN [iban]",
    );
  });

  it("checks IBANs and card numbers by their check digits", () => {
    expect(ibanChecks("GB82 WEST 1234 5698 7654 32")).toBe(true);
    expect(ibanChecks("GB82 WEST 1234 5698 7654 33")).toBe(false);
    expect(ibanChecks("DE89")).toBe(false);
    expect(luhnChecks("79927398713")).toBe(false); // valid Luhn, but 11 digits: too short for a card
    expect(luhnChecks("4111-1111-1111-1111")).toBe(true);
  });
});
