import { describe, expect, it } from "vitest";
import { extractHtml, parseHtml } from "./extract";

/**
 * linkedom is patched (patches/linkedom+0.18.15.patch, docs/decisions/092-crawl-cpu-per-page.md): `className`
 * reads the class attribute without making the element's token list. It returns what the list's value is —
 * the attribute's words, each once, joined by one space — before and after the list exists.
 */
describe("linkedom className without a token list", () => {
  it("gives the class list's value", () => {
    const document = parseHtml(`<html><body><p id=a class="  x   y x	z "></p><p id=b class=one></p><p id=c class=""></p><p id=d></p></body></html>`);
    const byId = (id: string) => document.getElementById(id)!;
    const [a, b, c, d] = [byId("a"), byId("b"), byId("c"), byId("d")];
    expect([a, b, c, d].map((el) => el.className)).toEqual(["x y z", "one", "", ""]);
    // With the list made (the unpatched getter's way), the same strings.
    expect([a, b, c, d].map((el) => el.classList.value)).toEqual(["x y z", "one", "", ""]);
    a.classList.add("w");
    expect(a.className).toBe("x y z w");
    b.setAttribute("class", "two  two three");
    expect(b.className).toBe("two three");
    a.removeAttribute("class");
    expect(a.className).toBe("");
  });
});

describe("Readability's article keeps its text when its attributes are left as they are", () => {
  it("turns javascript: links into their text, as Readability 0.6 does", () => {
    const paragraph = "A paragraph long enough to be read as the article, with a comma, and another one, and more words in it. ";
    const html = `<html><head><title>T</title></head><body><article><p>${paragraph.repeat(6)}<a href="javascript:void(0)">run <b>it</b></a> and <a href="javascript:x()">go</a> <a href="page.html#top">next</a></p><p>${paragraph.repeat(6)}</p></article></body></html>`;
    const { blocks } = extractHtml(html, "https://docs.example/a/b.html");
    expect(blocks.map((b) => b.text).join("\n")).toContain("run it and go next");
  });
});

/**
 * Also patched (docs/decisions/094-crawl-pages-per-second.md): parsing sets a class attribute the way
 * `className = value` does without making the token list; `tagName` upper-cases each name once;
 * `getElementsByTagName` skips the upper-cased comparison for a name with a lower-case letter.
 */
describe("linkedom's parse, tag names and tag look-ups, patched", () => {
  it("leaves a parsed class attribute as `className = value` leaves it", () => {
    const classes = ["  x   y x\tz ", "one", "", "a\nb  a", "É  é"];
    const document = parseHtml(`<html><body>${classes.map((c, i) => `<p id=p${i} class="${c}"></p>`).join("")}<svg id=s class="u  v u"></svg></body></html>`);
    classes.forEach((c, i) => {
      const parsed = document.getElementById(`p${i}`)!;
      const set = document.createElement("p");
      set.className = c;
      set.id = `p${i}`; // set last, listed first: the parsed order

      expect(parsed.outerHTML).toBe(set.outerHTML);
      expect(parsed.getAttribute("class")).toBe(set.getAttribute("class"));
      expect(parsed.className).toBe(set.className);
      expect([...parsed.classList]).toEqual([...set.classList]);
    });
    expect([...document.getElementById("s")!.classList]).toEqual(["u", "v"]);
  });

  it("finds elements by tag name in either case and gives upper-case tag names", () => {
    const document = parseHtml(`<html><body><p>a</p><div><P>b</P><img></div><p>c</p></body></html>`);
    expect(document.getElementsByTagName("p").length).toBe(3);
    expect(document.getElementsByTagName("P").length).toBe(3);
    expect(document.getElementsByTagName("IMG").length).toBe(1);
    expect(document.getElementsByTagName("Img").length).toBe(0);
    expect([...document.body.children].map((el) => [el.tagName, el.nodeName])).toEqual([["P", "P"], ["DIV", "DIV"], ["P", "P"]]);
  });
});
