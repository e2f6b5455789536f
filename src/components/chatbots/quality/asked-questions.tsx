import { Badge } from "@/components/ui/badge";
import type { QuestionResult } from "@/server/evaluations/client";

/** What a question asks about, in the owner's words. */
const KIND_LABELS: Record<NonNullable<QuestionResult["kind"]>, string> = {
  heading: "A heading",
  time: "Opening hours",
  price: "A price",
  place: "The address",
  contact: "Contact details",
  how_to: "How to",
};

export const kindOf = (r: QuestionResult) => (r.origin === "user" ? "Your question" : KIND_LABELS[r.kind ?? "heading"]);

export const resultKey = (r: QuestionResult) => `${r.origin}:${r.expected_url ?? r.expected_source_id ?? ""}:${r.question}`;

/** Why a question failed, in the owner's words. */
export function failureOf(r: QuestionResult): string {
  if (r.page_missing) return "Its page is no longer among the chatbot's pages: the training before this run lost it.";
  if (r.via === "updated_answer" && r.fact_found === false) return `Your updated answer does not say “${r.expected_fact}”.`;
  if ((r.expected_url || r.expected_source_id) && !r.hit) return r.rank ? `Its page came only at rank ${r.rank}.` : "Its page was not among the passages found.";
  if (r.via === "default") return "The chatbot would give its default answer: what it found does not answer the question.";
  if (r.fact_found === false) return `The answer does not say “${r.expected_fact}”, which its page states.`;
  if (r.expected_fact) return "The answer says it, but cites another page than the one that states it.";
  return "The chatbot would give its default answer: what it found does not answer the question.";
}

/** Every question the latest run asked, with its kind and whether it passed: the score's own terms. */
export function AskedQuestions({ results }: { results: QuestionResult[] }) {
  const failed = results.filter((r) => !r.passed).length;
  return (
    <details className="rounded-md border border-gray-200 bg-white" data-testid="asked-questions">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-gray-900">
        All {results.length} questions asked ({failed} failed)
      </summary>
      <ul className="divide-y divide-gray-100 border-t border-gray-100" aria-label="Questions asked">
        {results.map((r) => (
          <li key={resultKey(r)} className="flex flex-col gap-1 px-3 py-2 text-sm sm:flex-row sm:items-center sm:gap-3" data-testid="asked-question">
            <div className="min-w-0 flex-1">
              <p className="text-gray-900">{r.question}</p>
              {r.expected_fact ? <p className="text-xs text-gray-500">Its page says: {r.expected_fact}</p> : null}
            </div>
            <div className="flex shrink-0 gap-2">
              <Badge>{kindOf(r)}</Badge>
              <Badge tone={r.passed ? "green" : "red"}>{r.passed ? "Passed" : "Failed"}</Badge>
            </div>
          </li>
        ))}
      </ul>
    </details>
  );
}
