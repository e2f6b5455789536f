import { describe, expect, it } from "vitest";
import { isQuotable, withoutMarkup } from "./quotable";

describe("what an extractive answer quotes reads as prose", () => {
  it("reduces Markdown and HTML markup to its words", () => {
    expect(withoutMarkup("Run **`apt update`** first, see [the guide](https://x.example/guide \"Guide\").")).toBe("Run apt update first, see the guide.");
    expect(withoutMarkup("- *Always* back up <b>before</b> you upgrade.")).toBe("Always back up before you upgrade.");
    expect(withoutMarkup("## Opening hours")).toBe("Opening hours");
    expect(withoutMarkup("> Quoted advice stays advice.")).toBe("Quoted advice stays advice.");
    expect(withoutMarkup("| Saturday | 9:00–18:00 |")).toBe("Saturday | 9:00–18:00");
  });

  it("keeps an address in angle brackets: it is no tag", () => {
    expect(withoutMarkup("Replace “Your Name <user@example.org>” with your name and e-mail address.")).toBe("Replace “Your Name <user@example.org>” with your name and e-mail address.");
    expect(withoutMarkup("See <https://wiki.example.org/Packaging> and <a href=\"/x\">the <em>guide</em></a><br/>.")).toBe("See <https://wiki.example.org/Packaging> and the guide .");
  });

  it("keeps a placeholder in angle brackets, which is no tag, and quotes the sentence that has it (record 157)", () => {
    const merge = "git merge-file incorporates all changes that lead from the <base-file> to <other-file> into <current-file>.";
    expect(withoutMarkup(merge)).toBe(merge);
    expect(isQuotable(merge)).toBe(true);
    const cherry = "Determine whether there are commits in <head>..<upstream> that are equivalent to those in the range <limit>..<head>.";
    expect(withoutMarkup(cherry)).toBe(cherry);
    expect(isQuotable(cherry)).toBe(true);
    // Tags still go: closing, with attributes, self-closing, or an element a README writes bare.
    expect(withoutMarkup("Press <kbd>Ctrl</kbd> and <b>wait</b><br>, then <img src=\"x.png\"/> <div>done</div>.")).toBe("Press Ctrl and wait , then done .");
  });

  it("keeps identifiers with underscores and asterisks that are not emphasis", () => {
    expect(withoutMarkup("Set max_connections to 2 * the cores.")).toBe("Set max_connections to 2 * the cores.");
  });

  it("quotes prose and table rows, never a fence, a prompt, a rule line or a line of code", () => {
    expect(isQuotable("The open() function returns a file object.")).toBe(true);
    expect(isQuotable("Saturday | 9:00–18:00 | 10:00–17:00")).toBe(true);
    expect(isQuotable("```python")).toBe(false);
    expect(isQuotable("$ sudo apt install git")).toBe(false);
    expect(isQuotable(">>> import os")).toBe(false);
    expect(isQuotable("|---|:---:|")).toBe(false);
    expect(isQuotable('def convert(s): x, y = map(float, s.split(b";")); return {x: y}')).toBe(false);
    expect(isQuotable("Yes.")).toBe(false);
  });
});
