import { describe, expect, it } from "vitest";
import { identifierParts, lookupKeys, MAX_PHRASES, MAX_QUERY_WORDS, MAX_WORD_PAIRS, queryWords, searchedWords, underscoredPhrases, wordPairs } from "./query-terms";

describe("queryWords", () => {
  it("splits on punctuation and lower-cases", () => {
    expect(queryWords("How much is SHIPPING to Canada?")).toEqual(["how", "much", "is", "shipping", "to", "canada"]);
  });

  it("keeps inner apostrophes, dots and hyphens", () => {
    expect(queryWords("Don’t e-mail v2.1 users")).toEqual(["don't", "e-mail", "v2.1", "users"]);
  });

  it("drops duplicates and one-letter words but keeps single digits", () => {
    expect(queryWords("a plan a Plan 5 x")).toEqual(["plan", "5"]);
  });

  it("keeps letters of any script", () => {
    expect(queryWords("Größe für Kinder — ¿envío gratis?")).toEqual(["größe", "für", "kinder", "envío", "gratis"]);
  });

  it("returns nothing for a question without words", () => {
    expect(queryWords("?!  …")).toEqual([]);
  });

  it("caps the number of words", () => {
    const many = Array.from({ length: 50 }, (_, i) => `word${i}`).join(" ");
    expect(queryWords(many)).toHaveLength(MAX_QUERY_WORDS);
  });

  it("skips absurdly long tokens", () => {
    expect(queryWords(`${"x".repeat(80)} refund`)).toEqual(["refund"]);
  });
});

describe("dotted identifiers", () => {
  it("are looked up whole and by their parts", () => {
    expect(queryWords("What does os.path.join do?")).toEqual(["what", "does", "os.path.join", "os", "path", "join", "do"]);
    expect(identifierParts("Use str.translate(table) or os.path.join, e.g. v2.1.")).toBe("str translate os path join");
  });
});

describe("underscored identifiers", () => {
  it("are looked up by their parts, and met as phrases of their parts", () => {
    expect(queryWords("What is pg_stat_activity?")).toEqual(["what", "is", "pg", "stat", "activity"]);
    expect(underscoredPhrases("Can you explain PRAGMA journal_size_limit and SQLITE_DEFAULT_LOCKING_MODE?")).toEqual(["journal size limit", "sqlite default locking mode"]);
    expect(underscoredPhrases("What does sqlite3_randomness do? And __enter__, pg_catalog.pg_class?")).toEqual(["sqlite3 randomness", "pg catalog", "pg class"]);
  });

  it("a question without one has none; a few at most", () => {
    expect(underscoredPhrases("How do I change the journal mode, the mode_?")).toEqual([]);
    expect(underscoredPhrases("a_1 b_2 c_3 d_4 e_5 f_6")).toHaveLength(MAX_PHRASES);
  });
});

describe("word pairs", () => {
  it("are the question's words in a row that name what it asks, with the stop words between them as said", () => {
    expect(wordPairs("What is described as: This is the base class for all exceptions that the email package can raise?", "en")).toEqual([
      "base class",
      "class for all exceptions",
      "exceptions that the email",
      "email package",
      "package can raise",
    ]);
    expect(wordPairs("Où est-il expliqué que la commande copie le calque actif dans un nouveau fichier ?", "fr")).toEqual(["commande copie", "copie le calque", "calque actif", "actif dans un nouveau", "nouveau fichier"]);
    expect(wordPairs("¿Es cierto que el comando «color a alfa» hace transparente las zonas de un color?", "es")).toContain("color a alfa");
    expect(wordPairs("Que fait la commande sur l’image active ?", "fr")).toEqual(expect.arrayContaining(["l'image active"]));
  });

  it("pair no word that frames or asks the question, none across more than two stop words; a few at most", () => {
    expect(wordPairs("Can you explain how the email package handles errors?", "en")).toEqual(["email package", "package handles", "handles errors"]);
    expect(wordPairs("Is it true that?", "en")).toEqual([]);
    expect(wordPairs("What is PYTHONPATH?", "en")).toEqual([]);
    expect(wordPairs("What does SQLITE_OMIT_TRUNCATE_OPTIMIZATION do to the journal_mode setting?", "en")).toEqual([]);
    expect(wordPairs("the journal of all of the files", "en")).toEqual([]);
    expect(wordPairs(Array.from({ length: 20 }, (_, i) => `w${i}`).join(" "), "en")).toHaveLength(MAX_WORD_PAIRS);
  });
});

describe("slashed paths", () => {
  it("are looked up whole, as PostgreSQL's parser reads them (one file token), and by their parts", () => {
    expect(queryWords("Was ist preseed/interactive?")).toEqual(["was", "ist", "preseed/interactive", "preseed", "interactive"]);
    expect(queryWords("¿Qué es /dev/null?")).toEqual(["qué", "es", "/dev/null", "dev", "null"]);
    expect(queryWords("Che cos'è debian-installer/locale?")).toEqual(["che", "cos'è", "debian-installer/locale", "debian-installer", "locale"]);
    expect(queryWords("and/or")).toEqual(["and/or", "and", "or"]);
  });
});

describe("lookupKeys", () => {
  it("a question's definable keys leave out the words that only frame it; a phrase stays while one of its words names something", () => {
    const keys = lookupKeys("Tell me about url.", "en").map(([k]) => k);
    expect(keys).toContain("url");
    expect(keys).not.toContain("tell");
    expect(keys).not.toContain("tell me about");
    expect(keys).toContain("about url");
    expect(lookupKeys("What is os.path.join used for?", "en")).toContainEqual(["join", "os.path.join"]);
    expect(lookupKeys("Can you explain work tree?", "en").map(([k]) => k)).toContain("work tree");
  });
});

describe("searchedWords", () => {
  it("leaves out the question language's interrogatives (elided ones too), auxiliaries and modals; every other word is looked up", () => {
    expect(searchedWords("Che cos'è texlive?", "it")).toEqual(["texlive"]);
    expect(searchedWords("Wofür braucht man dpkg?", "de")).toEqual(["braucht", "man", "dpkg"]);
    expect(searchedWords("Who founded Bramble Cycles?", "en")).toEqual(["who", "founded", "bramble", "cycles"]);
    expect(searchedWords("Dove siete?", "it")).toEqual(["siete"]);
    expect(searchedWords("Que fait iproute2 ?", "fr")).toEqual(["iproute2"]);
    expect(searchedWords("Wie kann ich /dev/random erklären?", "de")).toEqual(["ich", "/dev/random", "dev", "random", "erklären"]);
  });

  it("leaves out a request's lead-in: the site's EXPLAIN command or a heading saying tell is no answer to it", () => {
    expect(searchedWords("Can you explain the LIMIT clause?", "en")).toEqual(["the", "limit", "clause"]);
    expect(searchedWords("Tell me about generated columns.", "en")).toEqual(["generated", "columns"]);
    expect(searchedWords("How do I read the output of EXPLAIN?", "en")).toEqual(["how", "do", "read", "the", "output", "of", "explain"]);
    expect(searchedWords("Kannst du /dev/random erklären?", "de")).toEqual(["du", "/dev/random", "dev", "random"]);
  });

  it("leaves out the lead-in asking what something is for: its verb, rare in a manual, would outweigh the name (record 151)", () => {
    expect(searchedWords("Para que serve tcsh?", "pt")).toEqual(["tcsh"]);
    expect(searchedWords("À quoi sert mtr ?", "fr")).toEqual(["mtr"]);
    expect(searchedWords("¿Para qué sirve gitk?", "es")).toEqual(["gitk"]);
    expect(searchedWords("A cosa serve rescue/enable?", "it")).toEqual(["rescue/enable", "rescue", "enable"]);
    expect(searchedWords("Waarvoor dient apt?", "nl")).toEqual(["apt"]);
    // The verb elsewhere in a question is looked up: "serve" is what "Como o servidor serve páginas?" asks about.
    expect(searchedWords("Como o servidor serve páginas?", "pt")).toEqual(["servidor", "serve", "páginas"]);
  });
});
