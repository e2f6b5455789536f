import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No visitor-facing sentence is written in code (record 117): the modules that speak to visitors take every
 * word from the message catalogue. A string literal that reads like prose — three or more words, no markup,
 * CSS or selector characters — in one of them fails this check; put it in the catalogues instead.
 */
const panelFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return panelFiles(file);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [file] : [];
  });

const VISITOR_MODULES = [
  ...panelFiles("src/widget/panel"),
  "src/widget/loader.ts",
  "src/server/chatbots/panel-state.ts",
  "src/server/chatbots/widget-config.ts",
  "src/server/conversations/rules/lead-form.ts",
  "src/server/conversations/lead-form.ts",
  "src/server/channels/jobs.ts",
];

const PROSE = /\p{L}{2,}[’',]?(?: \p{L}[\p{L}’']*[,.!?]?){2,}/u;
const CODE_LIKE = /[{};=<>[\]#@|\\]|:\S|^\s*(?:SELECT|WITH|INSERT|UPDATE|DELETE)\b/;

function proseLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    // An error a developer reads (AppError, console) is not the visitor's.
    if (ts.isNewExpression(node) || (ts.isCallExpression(node) && /^(console\.|validationError|new Error)/.test(node.expression.getText(source)))) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) check(node.text);
    if (ts.isTemplateExpression(node)) for (const part of [node.head, ...node.templateSpans.map((s) => s.literal)]) check(part.text);
    ts.forEachChild(node, visit);
  };
  const check = (text: string) => {
    if (PROSE.test(text) && !CODE_LIKE.test(text)) found.push(text);
  };
  visit(source);
  return found;
}

describe("visitor-facing modules", () => {
  it.each(VISITOR_MODULES)("%s writes no sentence of its own", (file) => {
    expect(proseLiterals(file)).toEqual([]);
  });

  it("the check finds a sentence where there is one", () => {
    const probe = ts.createSourceFile("probe.ts", 'const a = "Leave your details here."; const b = `Hi ${name}, welcome back to us`;', ts.ScriptTarget.Latest);
    const texts: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node)) texts.push(node.text);
      if (ts.isTemplateExpression(node)) texts.push(node.head.text, ...node.templateSpans.map((s) => s.literal.text));
      ts.forEachChild(node, visit);
    };
    visit(probe);
    expect(texts.filter((t) => PROSE.test(t) && !CODE_LIKE.test(t))).toEqual(["Leave your details here.", ", welcome back to us"]);
  });
});
