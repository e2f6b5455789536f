import { describe, expect, it } from "vitest";
import { PageBacklog } from "./page-backlog";

/** A page's work that ends when the test says so. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { work: () => done, open, fail };
}

const settled = async <T>(promise: Promise<T>) => {
  let state = "pending";
  promise.then(() => (state = "resolved"), () => (state = "rejected"));
  await new Promise((r) => setTimeout(r, 10));
  return state;
};

describe("PageBacklog", () => {
  it("makes room only below its limit, and drains every page", async () => {
    const backlog = new PageBacklog(2);
    const [a, b] = [gate(), gate()];
    backlog.add(a.work, async () => {});
    expect(await settled(backlog.makeRoom())).toBe("resolved");
    backlog.add(b.work, async () => {});
    const room = backlog.makeRoom();
    expect(await settled(room)).toBe("pending");
    a.open();
    expect(await settled(room)).toBe("resolved");
    expect(backlog.size).toBe(1);
    const drained = backlog.drain();
    expect(await settled(drained)).toBe("pending");
    b.open();
    await drained;
    expect(backlog.size).toBe(0);
  });

  it("hands a page's error to its handler, and keeps going", async () => {
    const backlog = new PageBacklog(1);
    const failing = gate();
    const seen: string[] = [];
    backlog.add(failing.work, async (error) => void seen.push((error as Error).message));
    failing.fail(new Error("page broke"));
    await backlog.next();
    expect(seen).toEqual(["page broke"]);
    await backlog.drain();
  });

  it("throws a handler's own error from the loop's next wait, once", async () => {
    const backlog = new PageBacklog(1);
    const failing = gate();
    backlog.add(failing.work, async () => {
      throw new Error("could not record the failure");
    });
    failing.fail(new Error("page broke"));
    await expect(backlog.makeRoom()).rejects.toThrow("could not record the failure");
    await expect(backlog.drain()).resolves.toBeUndefined();
  });
});
