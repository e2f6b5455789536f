import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { initTRPC } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";

/**
 * tRPC is patched (patches/@trpc+server+11.22.1.patch, docs/decisions/093-native-spread-in-trpc.md): its
 * object-spread helper, run at every middleware of every call, is the language's own spread. What a
 * procedure sees must not change: contexts extended middleware by middleware (later keys win, symbols
 * kept), inputs of two `.input()` merged, and a `__proto__` key in the input sets no prototype.
 */
const mark = Symbol("mark");

describe("tRPC's object spread, patched to the native one", () => {
  it("is installed in both of tRPC's builds", () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve("@trpc/server"));
    for (const file of ["getErrorShape-zlj81BiC.mjs", "getErrorShape-hncV8cPE.cjs"]) {
      expect(readFileSync(path.join(dist, file), "utf8")).toContain("if (null != t) e = { ...e, ...t };");
    }
  });

  it("extends the context and merges inputs as before", async () => {
    const t = initTRPC.context<{ user: string; role?: string; [mark]?: number }>().create();
    const procedure = t.procedure
      .use(({ ctx, next }) => next({ ctx: { ...ctx, role: "first", [mark]: 1 } }))
      .use(({ ctx, next }) => next({ ctx: { role: `${ctx.role}-then-second` } }))
      .input(z.looseObject({ chatbot_id: z.string() }))
      .input(z.looseObject({ page: z.number() }));
    const router = t.router({
      read: procedure.query(({ ctx, input }) => ({ ctx: { user: ctx.user, role: ctx.role, mark: ctx[mark] }, input })),
    });
    const caller = t.createCallerFactory(router)({ user: "u1" });
    const raw = JSON.parse('{"chatbot_id":"c1","page":2,"__proto__":{"polluted":true}}') as { chatbot_id: string; page: number };
    const { ctx, input } = await caller.read(raw);
    expect(ctx).toEqual({ user: "u1", role: "first-then-second", mark: 1 });
    expect(input).toMatchObject({ chatbot_id: "c1", page: 2 });
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect((input as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
