import { describe, expect, it } from "vitest";
import { asksForPerson, PERSON_REQUEST_LANGUAGES } from "./person-request";

/** Requests for a person, and look-alikes that are questions (a person named, no asking to talk to one). */
const CASES: Record<string, { asks: string[]; not: string[] }> = {
  en: {
    asks: ["Can I talk to a human?", "I want to talk to a real person please", "speak with someone from your team", "I need a human", "connect me to an agent"],
    not: ["What does a human resources module do?", "How many people fit in the room?", "Can I talk about pricing?", "Is the support page up to date?"],
  },
  de: {
    asks: ["Kann ich mit einem Menschen sprechen?", "Ich möchte mit einem Mitarbeiter reden", "Bitte verbinden Sie mich mit einer Person", "Ich möchte einen Mitarbeiter sprechen", "Gibt es einen echten Menschen?"],
    not: ["Wie viele Personen passen in den Raum?", "Sprechen Sie Deutsch?", "Was kostet es pro Person?", "Was macht das Modul für Personalwesen?"],
  },
  fr: {
    asks: ["Puis-je parler à quelqu'un ?", "Je veux parler à un humain", "Je voudrais discuter avec un conseiller", "Mettez-moi en relation avec une personne", "Il y a une vraie personne ?"],
    not: ["Qu'est-ce qu'une personne morale ?", "Parlez-vous anglais ?", "Combien de personnes dans la salle ?", "Je voudrais parler de vos tarifs"],
  },
  es: {
    asks: ["¿Puedo hablar con una persona?", "Quiero hablar con un humano", "Pásame con alguien, por favor", "¿Hay una persona real?"],
    not: ["¿Cuántas personas caben en la sala?", "¿Hablan español?", "¿Cuál es el precio por persona?", "Quiero hablar de mi pedido"],
  },
  it: {
    asks: ["Posso parlare con una persona?", "Vorrei parlare con un operatore", "Voglio una persona vera"],
    not: ["Quante persone entrano nella sala?", "Il prezzo è per persona?", "Parlate italiano?"],
  },
  nl: {
    asks: ["Kan ik met een mens praten?", "Ik wil een medewerker spreken", "Kan ik met iemand spreken?", "Is er een echte medewerker?"],
    not: ["Hoeveel personen passen in de zaal?", "Spreekt u Nederlands?", "Wat kost het per persoon?"],
  },
  pt: {
    asks: ["Posso falar com uma pessoa?", "Quero falar com um atendente", "Preciso de atendimento humano"],
    not: ["Quantas pessoas cabem na sala?", "Qual é o preço por pessoa?", "Vocês falam português?"],
  },
};

describe("a request for a person in words", () => {
  it("has cases for every language with a list", () => {
    expect(Object.keys(CASES).sort()).toEqual([...PERSON_REQUEST_LANGUAGES].sort());
  });
  for (const [language, { asks, not }] of Object.entries(CASES)) {
    it(`recognises requests in ${language} and not questions that name a person`, () => {
      for (const text of asks) expect(asksForPerson(text), text).toBe(true);
      for (const text of not) expect(asksForPerson(text), text).toBe(false);
    });
  }
});
