import { describe, expect, it } from "vitest";
import { linkify, spokenText } from "./linkify";

describe("linkify", () => {
  it("keeps plain text as one piece", () => {
    expect(linkify("Hello there.")).toEqual([{ kind: "text", text: "Hello there." }]);
  });
  it("finds bare URLs without their trailing punctuation", () => {
    expect(linkify("See https://example.com/help. Or http://a.io/x?y=1!")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", text: "https://example.com/help", url: "https://example.com/help" },
      { kind: "text", text: ". Or " },
      { kind: "link", text: "http://a.io/x?y=1", url: "http://a.io/x?y=1" },
      { kind: "text", text: "!" },
    ]);
  });
  it("turns markdown links into labelled links", () => {
    expect(linkify("Read [our prices](https://shop.com/prices) now")).toEqual([
      { kind: "text", text: "Read " },
      { kind: "link", text: "our prices", url: "https://shop.com/prices" },
      { kind: "text", text: " now" },
    ]);
  });
  it("never makes a link of other schemes", () => {
    expect(linkify("[x](javascript:alert(1)) data:text/html,hi")).toEqual([{ kind: "text", text: "[x](javascript:alert(1)) data:text/html,hi" }]);
  });
  it("gives screen readers the labels, and a host instead of a bare URL", () => {
    expect(spokenText("Read [our prices](https://shop.com/prices) or https://shop.com/a/b?c=1.")).toBe("Read our prices or a link to shop.com.");
  });
});
