import { describe, expect, it } from "vitest";
import { parseHtml } from "./extract";
import { innerTextLength, listKeys, type ListNode } from "./linkedom-walk";

/** Readability 0.6's `_getInnerText(node)`: what innerTextLength counts the length of. */
const innerText = (node: Element) => (node.textContent ?? "").trim().replace(/\s{2,}/g, " ");

describe("innerTextLength", () => {
  it("is the length of Readability's normalised text, for every kind of white space and any split into text nodes", () => {
    const spaces = [" ", "\t", "\n", "\v", "\f", "\r", "\u00a0", "\u1680", "\u2000", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff"];
    const samples = [
      "",
      "   ",
      "word",
      "  two words  ",
      ...spaces.map((s) => `${s}a${s}b${s}${s}c${s}`),
      `a${spaces.join("")}b`,
      "x\u200by", // zero-width space is not white space for \s
      "😀 emoji  text",
    ];
    for (const sample of samples) {
      // The same text split over elements and text nodes at every few characters.
      const split = sample.replace(/(.{1,3})/gsu, "<span>$1</span>");
      for (const html of [sample, split, `<b>${sample}</b> <i>${sample}</i>`]) {
        const document = parseHtml(`<html><body><div id=t>${html}</div></body></html>`);
        const node = document.getElementById("t")!;
        expect(innerTextLength(node as unknown as ListNode, listKeys(node)!), JSON.stringify(html)).toBe(innerText(node).length);
      }
    }
  });
});
