import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The layer rules of eslint.config.mjs (docs/architecture.md) really refuse
 * what they are meant to: each planted import below must be reported, and
 * the allowed ones must not.
 */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "import/no-restricted-paths").map((m) => m.message);
}

describe("layer rules", () => {
  it.each([
    ["a kernel module importing a capability", "src/server/kernel/planted.ts", 'import { answerQuestion } from "@/server/conversations";\nexport const x = answerQuestion;\n', /kernel must not import/],
    ["a back-edge between capabilities", "src/server/webhooks/planted.ts", 'import { answerQuestion } from "@/server/conversations";\nexport const x = answerQuestion;\n', /does not depend on conversations/],
    ["reaching into another capability's internals", "src/server/conversations/planted.ts", 'import { searchPassages } from "@/server/training/retrieval/search";\nexport const x = searchPassages;\n', /through its index/],
    ["a capability importing a transport", "src/server/chatbots/planted.ts", 'import { appRouter } from "@/server/transport/root";\nexport const x = appRouter;\n', /must not import a transport/],
    ["a route handler reaching into a capability", "src/app/planted/route.ts", 'import { recordTurn } from "@/server/conversations/record";\nexport const x = recordTurn;\n', /through @\/server\/conversations/],
    ["the browser loader importing server code", "src/widget/planted.ts", 'import { env } from "@/server/kernel/env";\nexport const x = env;\n', /customers' pages/],
  ])("refuses %s", async (_what, file, code, message) => {
    const found = await problems(file, code);
    expect(found.length).toBe(1);
    expect(found[0]).toMatch(message);
  }, 60_000);

  it("allows a dependency through its index, and the UI's client entry", async () => {
    expect(await problems("src/server/conversations/planted.ts", 'import { searchPassages } from "@/server/training";\nexport const x = searchPassages;\n')).toEqual([]);
    expect(await problems("src/components/planted.tsx", 'import { LIMITS } from "@/server/chatbots/client";\nexport const x = LIMITS;\n')).toEqual([]);
  }, 60_000);
});
