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
    ["the widget importing the app's other code", "src/widget/panel/planted.ts", 'import { TRPCProvider } from "@/trpc/react";\nexport const x = TRPCProvider;\n', /customers' pages/],
    ["application code importing a script", "src/server/kernel/lib/planted.ts", 'import { runtimeIsFresh } from "../../../../scripts/lib/freshness.mjs";\nexport const x = runtimeIsFresh;\n', /must not import scripts/],
    ["a test in src importing a script", "src/server/training/retrieval/planted.test.ts", 'import { PYTHON_DOCS } from "../../../../scripts/bench/docs-site";\nexport const x = PYTHON_DOCS;\n', /must not import scripts/],
    ["a runtime script reaching into a capability's files", "scripts/planted.ts", 'import { loadTokenCounter } from "@/server/training/retrieval/tokenizer";\nexport const x = loadTokenCounter;\n', /through @\/server\/training/],
    ["a runtime script importing a test helper", "scripts/lib/planted.ts", 'import { agencyOwner } from "../../tests/helpers/fixtures";\nexport const x = agencyOwner;\n', /no test helper and no measuring tool/],
    ["a runtime script importing a measuring tool", "scripts/planted.mjs", 'import { PYTHON_DOCS } from "./bench/docs-site";\nexport const x = PYTHON_DOCS;\n', /no test helper and no measuring tool/],
    ["a script importing Next's app", "scripts/bench/planted.ts", 'import { GET } from "@/app/api/health/route";\nexport const x = GET;\n', /outside Next's app/],
  ])("refuses %s", async (_what, file, code, message) => {
    const found = await problems(file, code);
    expect(found.length).toBe(1);
    expect(found[0]).toMatch(message);
  }, 60_000);

  it("allows a dependency through its index, and the UI's client entry", async () => {
    expect(await problems("src/server/conversations/planted.ts", 'import { searchPassages } from "@/server/training";\nexport const x = searchPassages;\n')).toEqual([]);
    expect(await problems("src/components/planted.tsx", 'import { LIMITS } from "@/server/chatbots/client";\nexport const x = LIMITS;\n')).toEqual([]);
  }, 60_000);

  it("allows the widget its own modules, src/shared and packages; a runtime script the indexes, the kernel and the transports; a measuring tool anything of the server", async () => {
    expect(await problems("src/widget/panel/planted.ts", 'import { linkify } from "@/shared/linkify";\nimport { PANEL_GZIP_BUDGET_BYTES } from "../build";\nimport { describe } from "vitest";\nexport const x = [linkify, PANEL_GZIP_BUDGET_BYTES, describe];\n')).toEqual([]);
    expect(await problems("scripts/planted.ts", 'import { loadTokenCounter } from "@/server/training";\nimport { env } from "@/server/kernel/env";\nimport { startWorkers } from "@/server/transport/workers";\nexport const x = [loadTokenCounter, env, startWorkers];\n')).toEqual([]);
    expect(await problems("scripts/bench/planted.ts", 'import { loadTokenCounter } from "@/server/training/retrieval/tokenizer";\nimport { agencyOwner } from "../../tests/helpers/fixtures";\nexport const x = [loadTokenCounter, agencyOwner];\n')).toEqual([]);
  }, 60_000);
});
