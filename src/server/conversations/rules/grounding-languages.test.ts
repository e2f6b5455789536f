import { describe, expect, it } from "vitest";
import { composeExtractiveAnswer } from "./extractive";
import { covered, GROUNDING_THRESHOLD, groundingScore, isGrounded, keysOf, met } from "./grounding";
import type { AnswerPassage } from "@/server/training";

const passage = (sourceId: string, title: string, content: string, headingPath = ""): AnswerPassage => ({
  chunkId: `${sourceId}-c`,
  sourceId,
  url: `https://docs.example/${sourceId}`,
  title,
  headingPath,
  content,
  score: 1,
});
const quote = (p: AnswerPassage) => [{ sentence: p.content, context: `${p.title} ${p.headingPath}` }];
const answered = (question: string, passages: AnswerPassage[], language: string) => {
  const answer = composeExtractiveAnswer(question, passages, { language });
  return answer && isGrounded(answer.grounding) ? answer : null;
};

describe("a question's framing is never content the passages lack", () => {
  const argparse = passage("argparse", "argparse", "Command-line arguments parser. A native port of Python's argparse module.");
  it.each([
    ["en", "Which library is described as: command-line arguments parser, native port of python's argparse?", argparse],
    ["en", "Where is it explained that argparse is a command-line arguments parser?", argparse],
    ["de", "Wofür braucht man den Paketmanager?", passage("apt", "APT", "Der Paketmanager installiert und entfernt Pakete.")],
    ["fr", "À quoi sert le module dpkg ?", passage("dpkg", "dpkg", "dpkg installe les paquets Debian.")],
    ["es", "¿Para qué sirve el paquete debconf?", passage("debconf", "debconf", "El paquete debconf hace preguntas durante la instalación.")],
    ["it", "A cosa serve il pacchetto debconf?", passage("debconf", "debconf", "Il pacchetto debconf pone domande durante l'installazione.")],
    ["nl", "Wat doet debconf?", passage("debconf", "debconf", "Debconf stelt vragen tijdens de installatie.")],
    ["pt", "Para que serve o apt?", passage("apt", "APT", "O apt instala e remove pacotes.")],
  ])("%s: %s", (language, question, p) => {
    expect(groundingScore(question, quote(p), [p.content], language)).toBe(1);
    expect(answered(question, [p], language)?.sources.map((s) => s.id)).toEqual([p.sourceId]);
  });
});

describe("a sentence restated as a question", () => {
  it("is grounded by itself, the place word it says carrying the place it asks for", () => {
    const p = passage("apbs02", "B.2. Utilizar la preconfiguración", "En primer lugar ha de crear primero el fichero de preconfiguración y ponerlo en la ubicación donde pretende utilizarlo.");
    const question = "¿Es cierto que en primer lugar ha de crear primero el fichero de preconfiguración y ponerlo en la ubicación donde pretende utilizarlo?";
    expect(groundingScore(question, quote(p), [p.content], "es")).toBe(1);
    expect(answered(question, [p], "es")?.sources.map((s) => s.id)).toEqual(["apbs02"]);
  });

  it("asks for no kind of fact its own words asked for: a time, a way to get in touch (record 172)", () => {
    const cases: Array<[string, string, string]> = [
      ["es", "¿Qué página dice que estos abren una ventana de diálogo nueva si no está abierta, de otra manera el diálogo correspondiente coge el foco?", "Estos abren una ventana de diálogo nueva si no está abierta, de otra manera el diálogo correspondiente coge el foco."],
      ["it", "Quale pagina dice che quando GIMP ricarica un file, esso chiude abbandonando l'immagine corrente e crea una nuova immagine caricandola dal disco?", "Quando GIMP ricarica un file, esso chiude abbandonando l'immagine corrente e crea una nuova immagine caricandola dal disco."],
      ["de", "Welche Seite sagt: In diesem Kapitel werden die Einträge des Bildmenüs, das Sie durch einen Rechtsklick auf die Leinwand erreichen, beschrieben?", "In diesem Kapitel werden die Einträge des Bildmenüs, das Sie durch einen Rechtsklick auf die Leinwand erreichen, beschrieben."],
    ];
    for (const [language, question, sentence] of cases) expect(groundingScore(question, [{ sentence, context: "" }], [sentence], language)).toBe(1);
  });

  it("still asks for the kind when it is short, misses a word, or asks it with its opening word", () => {
    const price = "The price of the kids bike depends on its size.";
    expect(groundingScore("What is the price of the kids bike?", [{ sentence: price, context: "" }], [price], "en")).toBeLessThan(GROUNDING_THRESHOLD);
    const repairs = "We repair bikes and sell spare parts and helmets and locks for every bike we sell.";
    expect(groundingScore("When do you repair bikes and sell spare parts and helmets and locks?", [{ sentence: repairs, context: "" }], [repairs], "en")).toBeLessThan(GROUNDING_THRESHOLD);
    const hours = "Il negozio chiude per ferie nel mese di agosto, riapre a settembre con i nuovi arrivi.";
    expect(groundingScore("È vero che il negozio chiude per ferie nel mese di luglio, riapre a settembre con i nuovi arrivi?", [{ sentence: hours, context: "" }], [hours], "it")).toBeLessThan(GROUNDING_THRESHOLD);
  });
});

describe("an answer cites only pages that hold the question's terms", () => {
  it("never stitches one term from one page to another term from another", () => {
    const proxy = passage("proxy", "Proxies", "A proxy forwards requests to another server.");
    const http = passage("http", "Protocols", "HTTP is the protocol of the web.");
    expect(answered("What is an HTTP proxy used for?", [proxy, http], "en")).toBeNull();
    const both = passage("both", "HTTP proxies", "An HTTP proxy forwards web requests for its clients.");
    expect(answered("What is an HTTP proxy used for?", [proxy, http, both], "en")?.sources.map((s) => s.id)).toContain("both");
  });

  it("a long question answered by a sentence lacking two of its words is refused", () => {
    const other = passage("a", "Refs", "The name of a branch is stored in a reference under refs/heads.");
    expect(groundingScore("Is it true that the name of the replace reference is the SHA-1 of the replaced object?", quote(other), [other.content], "en")).toBe(0);
  });

  it("cites each page quoted, and only those", () => {
    const glossary = passage("glossary", "Glossary", "The default upstream repository is called origin.", "Glossary › origin");
    const push = passage("push", "git-push", "Pushes to origin unless told otherwise.", "git push › git push origin");
    const unrelated = passage("clone", "git-clone", "Clones a repository into a new directory.");
    const answer = answered("What is origin?", [push, glossary, unrelated], "en")!;
    expect(answer.sources.map((s) => s.id).sort()).toEqual(["glossary", "push"]);
    expect(answer.content).toContain("called origin");
  });
});

describe("how to do something is answered by a section about the task", () => {
  const section = passage("install", "APT", "Run apt with the name of the package.", "Package management › Installing packages");
  const passing = passage("history", "History", "Users installed packages from floppy disks in 1995.");
  it.each([
    ["en", "How do I install packages?", [section], true],
    ["en", "How do I install packages?", [passing], false],
  ])("%s: %s", (language, question, passages, served) => {
    expect(!!answered(question, passages as AnswerPassage[], language as string)).toBe(served);
  });

  it("or by a line of the page that names the task by itself, a heading written as text", () => {
    const contents = passage("manual", "Git User Manual", "Contents\n\nRecovering lost changes\n\nReflogs keep every commit a branch pointed to.", "Git User Manual");
    expect(answered("How do I recover lost changes?", [contents], "en")?.sources.map((s) => s.id)).toEqual(["manual"]);
    // A line naming the task among as many other words is a mention, not its heading.
    const mention = passage("news", "News", "Users recovered lost changes from old backup tapes.");
    expect(answered("How do I recover lost changes?", [mention], "en")).toBeNull();
  });

  it("of the pages answering as well as the best one, the one that names the task", () => {
    const options = passage("options", "git-log", "Lists the commits that are unique to the given branch, in the order they were made, newest first.", "Branch options");
    const manual = passage("manual", "Git User Manual", "Showing commits unique to a given branch\n\nUse git log with the branch names.");
    const question = "How do I go about showing commits unique to a given branch?";
    // Served from the page naming the task, cited first; the other, as good, quoted after it.
    expect(answered(question, [options, manual], "en")?.sources.map((s) => s.id)).toEqual(["manual", "options"]);
    expect(answered(question, [options], "en")).toBeNull();
    // A page naming the task but answering less well than the best page does not replace it.
    const partly = passage("partly", "Git User Manual", "Commits unique to a branch\n\nUse git log with the branch names.");
    expect(answered(question, [partly], "en")?.sources.map((s) => s.id)).toEqual(["partly"]);
    expect(answered(question, [options, partly], "en")).toBeNull();
  });

  it("in German too", () => {
    const abschnitt = passage("de", "APT", "Rufen Sie apt mit dem Paketnamen auf.", "Paketverwaltung › Pakete installieren");
    expect(answered("Wie kann ich Pakete installieren?", [abschnitt], "de")?.sources.map((s) => s.id)).toEqual(["de"]);
  });
});

describe("typos meet their words, not other words", () => {
  const english = (text: string) => keysOf([text], "en").get("en")!;
  const said = english("Our membership and opening hours: we ship to Canada. The JSON module.");
  it("a misspelt word meets the word it misspells", () => {
    for (const typo of ["memebership", "oppening", "canda"]) expect(covered(typo, said), typo).toBe(true);
  });
  it("a word is not its own prefix, and a name in code is met only as spelled", () => {
    expect(covered("jsonb", said)).toBe(false);
    expect(covered("pg_dumpall", english("Use pg_dump."))).toBe(false);
    expect(covered("htaccess", english("Access rights."))).toBe(false);
  });
  it("a misspelt question word is no content", () => {
    const hours = passage("hours", "Opening hours", "Our opening hours are 9 to 5.");
    expect(groundingScore("wat are your oppening hours", quote(hours), [hours.content], "en")).toBeGreaterThanOrEqual(GROUNDING_THRESHOLD);
  });
});

describe("a question asking only for a kind of fact is answered by a sentence stating one (record 133)", () => {
  const contact = passage("contact", "Contact", "Our shop is at 5 Mill Lane, in the old town of Bath.\n\nCall us on 01225 555 0142 to order a cake.");
  const hours = passage("hours", "Opening hours", "Our bakery opens early so you can pick up fresh bread on your way to work.\n\nMonday to Friday: 7am – 6pm\n\nSaturday: 8am – 1pm\n\nSunday: closed", "Opening hours");
  const prices = passage("prices", "Prices", "A sourdough loaf costs €4.50 and a croissant costs €1.80.");
  const home = passage("home", "Sunny Bakery", "Fresh bread and cakes baked every morning in our own ovens, sold in our little shop in the old town.");
  const bakery = [home, contact, hours, prices];
  it.each([
    ["en", "Where are you located?", "contact", "5 Mill Lane"],
    ["en", "What is your phone number?", "contact", "01225 555 0142"],
    ["en", "When are you open?", "hours", "Saturday: 8am – 1pm"],
    ["en", "How much does it cost?", "prices", "€4.50"],
  ])("%s: %s", (language, question, page, fact) => {
    const answer = answered(question, bakery, language);
    expect(answer?.sources.map((s) => s.id)).toEqual([page]);
    expect(answer?.content).toContain(fact);
  });

  const werkstatt = [
    passage("start", "Radwerkstatt Speiche", "Seit 1998 reparieren wir Fahrräder aller Marken."),
    passage("zeiten", "Öffnungszeiten und Anfahrt", "Unsere Werkstatt in der Karl-Heine-Straße 47 in Leipzig-Plagwitz ist montags bis freitags von 9 bis 18 Uhr geöffnet, samstags von 10 bis 14 Uhr."),
    passage("leihrad", "Leihrad", "Lastenräder können Sie für 25 Euro am Tag mieten; eine Reservierung ist per Telefon unter 0341 2345678 möglich."),
  ];
  it.each([
    ["de", "Wo befinden Sie sich?", "zeiten", "Karl-Heine-Straße 47"],
    ["de", "Wie ist Ihre Telefonnummer?", "leihrad", "0341 2345678"],
    ["de", "Wann haben Sie geöffnet?", "zeiten", "9 bis 18 Uhr"],
  ])("%s: %s", (language, question, page, fact) => {
    const answer = answered(question, werkstatt, language);
    expect(answer?.sources.map((s) => s.id)).toEqual([page]);
    expect(answer?.content).toContain(fact);
  });

  it("is refused when no quoted sentence states the fact, whatever words it shares", () => {
    const docs = [
      passage("open", "Built-in functions", "open() opens a file and returns a file object. Call it with 3 arguments at most."),
      passage("cost", "Complexity", "The cost of a lookup grows with the number of entries. A phone book is a good example."),
      passage("where", "Data files", "The files are located in the data directory, next to the configuration."),
    ];
    for (const question of ["Where are you located?", "What is your phone number?", "When are you open?", "How much does it cost?"]) expect(answered(question, docs, "en"), question).toBeNull();
    // A page about what is asked (its title names it) answers as any page: "forty euros" is a price said in words.
    const groomer = passage("prices", "Prices", "A full groom costs forty euros and a nail trim costs ten euros.");
    expect(answered("What about Prices?", [groomer], "en")?.sources.map((s) => s.id)).toEqual(["prices"]);
    // A question naming what it asks about is grounded as any other: its words must be quoted.
    expect(answered("When are you open on Saturday?", [home, contact, prices], "en")).toBeNull();
  });
});

describe("a passage is read in its own language, the question in its own (record 146)", () => {
  const hours = (language?: string) => ({ ...passage("hours", "Opening hours", "We are open Monday to Friday from 9:00 to 17:00."), language });
  it.each([
    ["pt", "Quando estão abertos?"],
    ["fr", "Quand êtes-vous ouverts ?"],
  ])("%s: %s is answered from an English passage stating the hours", (language, question) => {
    // The weekday and the clock time are English: read as the question's language, no sentence states a time.
    expect(answered(question, [hours("en")], language)?.sources.map((s) => s.id)).toEqual(["hours"]);
    expect(answered(question, [hours()], language)).toBeNull();
  });

  it("still refuses an English passage that does not hold the question's terms", () => {
    expect(answered("Quando abre a piscina?", [hours("en")], "pt")).toBeNull();
    const proxy = { ...passage("proxy", "Network", "A proxy forwards the requests of its clients to other servers."), language: "en" };
    expect(answered("Para que servem os tokens da API?", [proxy], "pt")).toBeNull();
  });

  it("does not miss a question's word the passage's language does not index: a Spanish question read as English", () => {
    // Names and parentheses make the question read as English: its "qué" and "es" are content there, stop words
    // in the Spanish passage (and never looked up by retrieval, the chatbot's language being Spanish).
    const question = "¿Qué es debian-installer/language (language), debian-installer/country (country), debian-installer/locale (locale)?";
    const boot = { ...passage("boot", "Parámetros de arranque", "Los parámetros debian-installer/language (language), debian-installer/country (country) y debian-installer/locale (locale) eligen el idioma, el país y la configuración regional."), language: "es" };
    expect(answered(question, [boot], "en")?.sources.map((s) => s.id)).toEqual(["boot"]);
  });

  it("finds the kind of fact asked for in the question's language too: a Spanish sentence closing an English passage (record 155)", () => {
    const bibliography =
      "Kevin C. Baird. Real-time generation of music notation via audience interaction using python and GNU LilyPond. In New Interfaces for Music Expression, May 2005. Graham Percival, Tosten Anders, and George Tzanetakis. Generating Targeted Rhythmic Exercises for Music Students with Constraint Satisfaction Programming. In International Computer Music Conference, 2008.";
    const request = "Si tiene conocimiento de otros artículos académicos, le rogamos que nos lo haga saber escribiendo un mensaje a la lista de correo bug-lilypond.";
    const publications = { ...passage("publications", "Publicaciones", `${bibliography}\n\n${request}`, "Publicaciones › Lo que otros han hecho con LilyPond"), language: "en" };
    const question = "¿Qué página dice que le rogamos que nos lo haga saber escribiendo un mensaje a la lista de correo bug-lilypond?";
    // A way to get in touch ("escribiendo un mensaje a la lista de correo") asked for in Spanish, said in Spanish.
    expect(groundingScore(question, [{ sentence: request, context: "Publicaciones", language: "en" }], [publications.content], "es")).toBeGreaterThanOrEqual(GROUNDING_THRESHOLD);
    expect(answered(question, [publications], "es")?.sources.map((s) => s.id)).toEqual(["publications"]);
  });

  it("meets a question's word under its key in the passage's language, as retrieval looks it up", () => {
    // "commits" is "commits" in Portuguese, "commit" in English: an English passage's "commit" holds it.
    const term: [string, string] = ["commits", "commits"];
    expect(met(term, keysOf([{ text: "Undo the last commit.", language: "en" }], "pt"), false)).toBe(true);
    expect(met(term, keysOf(["Desfazer o último commit."], "pt"), false)).toBe(false);
  });
});
