/**
 * A set's questions, from its pages and its index: every kind but the unanswerable ones, which come from the
 * other sets' questions once all are made (`withUnanswerable`).
 */
import type { DocSet } from "./doc-sets";
import { readDocPage } from "./html-pages";
import type { BenchLanguage } from "./language-guess";
import { setQuestions, unanswerableFor, type BenchQuestion, type SetMaterial } from "./questions";

export interface SetQuestions {
  set: DocSet;
  material: SetMaterial;
  questions: BenchQuestion[];
}

export function materialOf(set: DocSet, untranslated?: Set<string>): SetMaterial {
  const pages = set.pages.filter((p) => !set.notAnswers.test(p)).map((p) => readDocPage(set.root, p));
  return { name: set.name, language: set.language, pages, index: set.index(), untranslated };
}

/**
 * Everything an edition states as is — what a translation left untranslated reads the same. `withIndex`: its
 * index terms too (not where they are names that read the same in every language: packages).
 */
export function statedText(material: SetMaterial, withIndex = true): Set<string> {
  return new Set(material.pages.flatMap((p) => [...p.sentences.map((s) => s.text), ...p.headings]).concat(withIndex ? material.index.map((e) => e.term) : []));
}

export function questionsOf(set: DocSet, perKind: number, untranslated?: Set<string>): SetQuestions {
  const material = materialOf(set, untranslated);
  return { set, material, questions: setQuestions(material, perKind) };
}

/** Adds to each set `perKind` unanswerable questions made of the other sets' questions. */
export function withUnanswerable(sets: SetQuestions[], perKind: number): SetQuestions[] {
  return sets.map((s) => {
    const others = sets
      .filter((o) => o !== s)
      .flatMap((o) => o.questions.map((q) => ({ ...q, from: o.set.name, language: o.set.language as BenchLanguage })));
    return { ...s, questions: [...s.questions, ...unanswerableFor(s.material, others, perKind)] };
  });
}
