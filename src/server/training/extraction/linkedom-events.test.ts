import { Event as LinkedomEvent } from "linkedom";
import { describe, expect, it } from "vitest";
import { parseHtml } from "./extract";

/**
 * linkedom is patched (patches/linkedom+0.18.15.patch, docs/decisions/090-cheaper-dom-same-extraction.md):
 * a node gets its listeners' map on its first addEventListener instead of when it is made. Events still
 * reach their listeners, bubble, and stop once removed — on nodes that never had a listener too.
 */
/** linkedom's own Event (its dispatch reads the event's path); typed as the DOM's. */
const ping = (bubbles: boolean) => new LinkedomEvent("ping", { bubbles }) as unknown as Event;

describe("linkedom events with listeners' maps made on demand", () => {
  it("delivers, bubbles and removes listeners; nodes without listeners dispatch and remove safely", () => {
    const document = parseHtml("<html><body><div id=outer><p id=inner>text</p></div></body></html>");
    const outer = document.getElementById("outer")!;
    const inner = document.getElementById("inner")!;
    const seen: string[] = [];
    const onInner = (e: { type: string }) => seen.push(`inner:${e.type}`);
    inner.addEventListener("ping", onInner);
    outer.addEventListener("ping", (e: { type: string }) => seen.push(`outer:${e.type}`));
    inner.dispatchEvent(ping(true));
    expect(seen).toEqual(["inner:ping", "outer:ping"]);

    inner.removeEventListener("ping", onInner);
    inner.dispatchEvent(ping(true));
    expect(seen).toEqual(["inner:ping", "outer:ping", "outer:ping"]);

    const bare = document.createElement("span");
    expect(() => bare.removeEventListener("ping", onInner)).not.toThrow();
    expect(bare.dispatchEvent(ping(false))).toBe(true);
  });
});
