import { describe, expect, it } from "vitest";
import { phoneNumberIn, statesKind } from "./facts";
import { askedKindOnly } from "./terms";

describe("a question asking only for a kind of fact, per language", () => {
  it.each([
    ["en", "Where are you located?", "place"],
    ["en", "What is your phone number?", "contact"],
    ["en", "When are you open?", "time"],
    ["en", "How much does it cost?", "price"],
    ["de", "Wo befinden Sie sich?", "place"],
    ["de", "Wie ist Ihre Telefonnummer?", "contact"],
    ["de", "Wann haben Sie geöffnet?", "time"],
    ["de", "Was kostet das?", "price"],
    ["fr", "Où êtes-vous situés ?", "place"],
    ["fr", "Quel est votre numéro de téléphone ?", "contact"],
    ["fr", "Quand êtes-vous ouverts ?", "time"],
    ["fr", "Combien ça coûte ?", "price"],
    ["es", "¿Dónde están ubicados?", "place"],
    ["es", "¿Cuál es su número de teléfono?", "contact"],
    ["es", "¿Cuándo abren?", "time"],
    ["es", "¿Cuánto cuesta?", "price"],
    ["it", "Dove vi trovate?", "place"],
    ["it", "Qual è il vostro numero di telefono?", "contact"],
    ["it", "Quando siete aperti?", "time"],
    ["it", "Quanto costa?", "price"],
    ["nl", "Waar zijn jullie gevestigd?", "place"],
    ["nl", "Wat is jullie telefoonnummer?", "contact"],
    ["nl", "Wanneer zijn jullie open?", "time"],
    ["nl", "Wat kost het?", "price"],
    ["pt", "Onde ficam?", "place"],
    ["pt", "Qual é o seu número de telefone?", "contact"],
    ["pt", "Quando estão abertos?", "time"],
    ["pt", "Quanto custa?", "price"],
  ])("%s: %s → %s", (language, question, kind) => {
    expect(askedKindOnly(question, language)).toBe(kind);
  });

  it.each([
    ["en", "Where is the Eiffel Tower?"],
    ["en", "When are you open on Saturday?"],
    ["en", "How much does a sourdough loaf cost?"],
    ["en", "What is the phone number of the support team?"],
    ["en", "What are your opening hours on Sunday?"],
    ["en", "What is open?"],
    ["en", "Tell me about the open function."],
    ["de", "Wo ist der Bahnhof?"],
    ["de", "Was kostet eine Inspektion?"],
    ["fr", "Combien coûte une réparation ?"],
    ["es", "¿Dónde está la estación?"],
    ["nl", "Wat kost een reparatie?"],
  ])("%s: %s names what it asks about", (language, question) => {
    expect(askedKindOnly(question, language)).toBeNull();
  });
});

describe("what states a fact of a kind, not only speaks of it", () => {
  it.each([
    ["place", "en", "Our shop is at 5 Mill Lane, in the old town of Bath.", ""],
    ["place", "de", "Unsere Werkstatt in der Karl-Heine-Straße 47 ist montags geöffnet.", ""],
    ["place", "fr", "Nous sommes au 5 rue de la Paix.", ""],
    ["place", "it", "Ci trovate in Via Roma 10.", ""],
    ["place", "nl", "Ons adres is Kerkstraat 12 in Utrecht.", ""],
    ["place", "pt", "A loja fica na Rua Augusta, 100.", ""],
    ["contact", "en", "Call us on 01225 555 0142 to order a cake.", ""],
    ["contact", "en", "01225 555 0142", "Contact › Phone"],
    ["contact", "en", "Write to hello@bakery.example.", ""],
    ["contact", "de", "Eine Reservierung ist per Telefon unter 0341 2345678 möglich.", ""],
    ["price", "en", "A sourdough loaf costs €4.50.", ""],
    ["price", "de", "Eine große Inspektion kostet 89 Euro.", ""],
    ["price", "en", "A full groom is forty euros, nails included.", ""],
    ["price", "en", "The workshop costs twenty-five dollars a seat.", ""],
    ["price", "fr", "Le toilettage complet coûte quarante euros.", ""],
    ["price", "fr", "Comptez vingt et un euros pour la coupe.", ""],
    ["price", "de", "Die Wäsche kostet vierzig Euro.", ""],
    ["price", "de", "Ein Schnitt kostet fünfundzwanzig Euro.", ""],
    ["price", "es", "El baño cuesta veinticinco euros.", ""],
    ["price", "it", "Il bagno costa quaranta euro.", ""],
    ["price", "nl", "Een wasbeurt kost vijfentwintig euro.", ""],
    ["price", "pt", "O banho custa trinta e dois reais.", ""],
    ["time", "en", "Saturday: 8am – 1pm", "Opening hours"],
    ["time", "en", "Sunday: closed", ""],
    ["time", "en", "We are open every day from 9:00 to 17:00.", ""],
    ["time", "de", "Die Werkstatt ist montags bis freitags von 9 bis 18 Uhr geöffnet.", ""],
    ["time", "fr", "Ouvert du lundi au samedi de 9h à 19h.", ""],
    ["time", "nl", "Op zaterdag zijn we open van 9 tot 17 uur.", ""],
  ] as const)("%s (%s): %s", (kind, language, sentence, context) => {
    expect(statesKind(kind, sentence, context, language)).toBe(true);
  });

  it.each([
    ["place", "en", "Our shop is in the old town, near the river.", ""],
    ["place", "en", "Python 3.11 was released in 2022.", ""],
    ["contact", "en", "The release covers the years 2019-2023 and 2024-2026.", ""],
    ["contact", "en", "Call the function with 3 arguments.", ""],
    ["price", "en", "The loop runs 4500 times.", ""],
    ["price", "en", "Delivery is free for large orders.", ""],
    ["price", "en", "We accept euros and dollars.", ""],
    ["price", "en", "Two of our groomers trained in France.", ""],
    ["price", "fr", "Une des deux salles est réservée aux chats.", ""],
    ["price", "fr", "Le salon accueille deux cents chiens par an.", ""],
    ["time", "en", "The test took 12:30 minutes on the old machine.", "Benchmarks"],
    ["time", "en", "Our bakery opens early so you can pick up bread on your way to work.", "Opening hours"],
  ] as const)("not %s (%s): %s", (kind, language, sentence, context) => {
    expect(statesKind(kind, sentence, context, language)).toBe(false);
  });

  it("reads a phone number only in a sentence, or under a heading, about calling", () => {
    expect(phoneNumberIn("Call us on 01225 555 0142 to order a cake.")).toBe("01225 555 0142");
    expect(phoneNumberIn("01225 555 0142", "Telephone")).toBe("01225 555 0142");
    expect(phoneNumberIn("Order 01225 555 0142 arrived.")).toBeNull();
    expect(phoneNumberIn("Call 12 34.")).toBeNull();
  });
});
