import { describe, expect, it } from "vitest";
import { definedKey, passageDefines, passagePhrases, phraseKey, questionKeyIdentifiers, questionKeys, questionPhrases } from "./defined-terms";

describe("definedKey", () => {
  it("reduces a declaration to the name it declares", () => {
    expect(definedKey("object.__enter__(self)¶")).toBe("__enter__");
    expect(definedKey("coroutine loop.connect_read_pipe(protocol_factory, pipe)¶")).toBe("connect_read_pipe");
    expect(definedKey("int PyType_Ready(PyTypeObject *type)¶")).toBe("pytype_ready");
    expect(definedKey("exception asyncio.IncompleteReadError¶")).toBe("incompletereaderror");
    expect(definedKey("class list([iterable])¶")).toBe("list");
    expect(definedKey("max_connections (integer)")).toBe("max_connections");
    expect(definedKey("PYTHONTRACEMALLOC¶")).toBe("pythontracemalloc");
    expect(definedKey("@typing.no_type_check¶")).toBe("no_type_check");
  });

  it("takes a titled page's name before its description", () => {
    expect(definedKey("logging — Logging facility for Python¶")).toBe("logging");
  });

  it("finds no name in a prose heading", () => {
    expect(definedKey("Objects, values and types¶")).toBe("");
    expect(definedKey("Built-in Functions¶")).toBe("");
    expect(definedKey("How to return an item you bought online")).toBe("");
  });
});

describe("passageDefines", () => {
  it("keys the page's title for an opening passage, under no heading", () => {
    expect(passageDefines([], "This module defines a logging system.", "logging — Logging facility for Python")).toEqual(["logging"]);
    expect(passageDefines(["Logger Objects"], "Loggers have attributes.", "logging — Logging facility for Python")).toEqual([]);
  });

  it("keys each term of a heading that joins several", () => {
    expect(passageDefines(["operator.or_(a, b) · operator.__or__(a, b)"], "Return the bitwise or.")).toEqual(["or_", "__or__"]);
  });

  it("keys the passage's own heading and the headings inside its text, each once", () => {
    expect(passageDefines(["stat — Interpreting stat() results", "stat.UF_NODUMP¶"], "Do not dump.\n\n## stat.FILE_ATTRIBUTE_COMPRESSED¶\n\nCompressed.\n\n## stat.UF_NODUMP¶")).toEqual([
      "uf_nodump",
      "file_attribute_compressed",
    ]);
  });
});

describe("questionKeys", () => {
  it("keys every identifier of the question as a heading's would be", () => {
    expect(questionKeys("What is os.path.join?")).toEqual(["what", "is", "join"]);
    expect(questionKeys("What is __self__?")).toEqual(["what", "is", "__self__"]);
    expect(questionKeys("What is connect_read_pipe?")).toEqual(["what", "is", "connect_read_pipe"]);
    expect(questionKeyIdentifiers("What is os.path.join, or join?")).toEqual([["what", "What"], ["is", "is"], ["join", "os.path.join"], ["or", "or"]]);
  });
});

describe("phrase keys", () => {
  it("key a multi-word term as a whole: two or three words, lower case", () => {
    expect(phraseKey("remote-tracking branch")).toBe("remote tracking branch");
    expect(phraseKey("Stash entry")).toBe("stash entry");
    expect(phraseKey("HEAD")).toBe("");
    expect(phraseKey("Objects, values and types")).toBe("");
  });

  it("are what a passage's defining headings name, without signature or description", () => {
    expect(passagePhrases(["gitglossary", "stash entry"], "An object used to store the state.\n\n## upstream branch\n\nThe default branch.")).toEqual(["stash entry", "upstream branch"]);
    expect(passagePhrases([], "This module defines a logging system.", "logging — Logging facility for Python")).toEqual([]);
    expect(passagePhrases(["class list([iterable])¶"], "Lists are mutable.")).toEqual(["class list"]);
  });

  it("are every run of two or three words of a question", () => {
    expect(questionPhrases("Tell me about stash entry.")).toEqual(["tell me", "me about", "about stash", "stash entry", "tell me about", "me about stash", "about stash entry"]);
    expect(questionPhrases("PYTHONPATH?")).toEqual([]);
  });
});
