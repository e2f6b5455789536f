"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useChatbot } from "@/components/chatbots/chatbot-context";
import { UpdatedAnswerDialog } from "@/components/chatbots/finetunes/updated-answer-dialog";
import { ReadOnlyNotice } from "@/components/chatbots/read-only-notice";
import type { RouterOutputs } from "@/components/lib/trpc-types";
import { formatDateTime } from "@/components/lib/format";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { SCORE_DROP_FLAG } from "@/server/evaluations/client";
import { useTRPC } from "@/trpc/react";
import { AskedQuestions, failureOf, kindOf, resultKey } from "./asked-questions";
import { ScoreChart } from "./score-chart";

type Evaluation = RouterOutputs["evaluations"]["list"]["data"][number];

const HISTORY = 50;
const pct = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 100)} %`);

/** The chatbot's quality score (docs/decisions/063-chatbot-quality-score.md): over time, the latest run's rates and failing questions, and the owner's test questions. */
export function QualityManager({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { can_edit } = useChatbot();
  const listKey = { chatbot_id: chatbotId, per_page: HISTORY };
  const evaluations = useQuery({
    ...trpc.evaluations.list.queryOptions(listKey),
    // Fresh on every visit: a training since the last one has queued a run.
    staleTime: 0,
    refetchOnMount: "always",
    // While a run is queued or running, look again every two seconds.
    refetchInterval: (q) => (q.state.data?.data.some((e) => e.status === "queued" || e.status === "running") ? 2000 : false),
  });
  const [updating, setUpdating] = useState<string | null>(null);
  const run = useMutation(
    trpc.evaluations.run.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.evaluations.list.queryKey(listKey) }) }),
  );

  if (evaluations.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <p role="status" className="sr-only">
          Loading the quality score…
        </p>
        <Skeleton className="h-40" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (evaluations.error) {
    return <ErrorAlert title="Couldn't load the quality score." message={evaluations.error.message} onRetry={() => void evaluations.refetch()} retrying={evaluations.isRefetching} />;
  }

  const runs = evaluations.data.data;
  const pending = runs.find((e) => e.status === "queued" || e.status === "running");
  const completed = runs.filter((e) => e.status === "completed" && e.score !== null);
  const latest: Evaluation | undefined = completed[0];
  const failing = (latest?.results ?? []).filter((r) => !r.passed);

  return (
    <div className="space-y-6">
      <ReadOnlyNotice what="the test questions" />
      <Card className="p-4 sm:p-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 className="text-sm font-medium text-gray-600">Quality score</h2>
            {latest ? (
              <p className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="text-3xl font-semibold text-gray-900 tabular-nums" data-testid="quality-score">
                  {latest.score}
                </span>
                <span className="text-sm text-gray-500">
                  of 100 · {latest.question_count} questions · <time dateTime={latest.completed_at ?? latest.created_at}>{formatDateTime(latest.completed_at ?? latest.created_at)}</time>
                </span>
                {latest.score_dropped ? (
                  <Badge tone="red" data-testid="quality-drop">
                    Dropped {Math.round((latest.previous_score! - latest.score!) * 10) / 10} points after a training
                  </Badge>
                ) : null}
              </p>
            ) : (
              <p className="mt-1 text-sm text-gray-600">No evaluation yet: one runs after every training, or run one now.</p>
            )}
          </div>
          <div className="flex flex-col items-start gap-1 sm:items-end">
            {can_edit ? (
              <Button onClick={() => run.mutate({ chatbot_id: chatbotId })} disabled={run.isPending || !!pending}>
                {pending ? "Evaluating…" : "Run evaluation now"}
              </Button>
            ) : null}
            <p role="status" className="text-xs text-gray-500">
              {pending ? "An evaluation is running." : ""}
            </p>
            {run.error ? <p role="alert" className="text-sm text-red-700">{run.error.message}</p> : null}
          </div>
        </div>
        {latest ? (
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            {(
              [
                ["Right page found", latest.hit_rate],
                ["Right page first", latest.first_hit_rate],
                ["MRR", latest.mrr],
                ["Answered from sources", latest.grounded_rate],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-md bg-gray-50 px-3 py-2">
                <dt className="text-xs text-gray-500">{label}</dt>
                <dd className="font-semibold text-gray-900 tabular-nums">{label === "MRR" ? (value === null ? "—" : value.toFixed(2)) : pct(value)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {completed.length > 1 ? (
          <div className="mt-5">
            <ScoreChart points={[...completed].reverse().map((e) => ({ id: e.id, at: e.completed_at ?? e.created_at, score: e.score!, dropped: e.score_dropped }))} />
            <p className="mt-1 text-xs text-gray-500">A training that lowers the score by more than {SCORE_DROP_FLAG} points is marked in red.</p>
          </div>
        ) : null}
      </Card>

      {latest ? (
        <section aria-labelledby="failing-heading">
          <h2 id="failing-heading" className="mb-2 text-base font-semibold text-gray-900">
            Failing questions {failing.length ? `(${failing.length})` : ""}
          </h2>
          {failing.length === 0 ? (
            <p className="text-sm text-gray-600">Every test question passed.</p>
          ) : (
            <ul className="space-y-2" aria-label="Failing questions">
              {failing.map((r) => (
                <li key={resultKey(r)} data-testid="failing-question">
                  <Card className="flex flex-col gap-3 p-3 sm:flex-row sm:items-start">
                    <div className="min-w-0 flex-1 text-sm">
                      <p className="font-medium text-gray-900">{r.question}</p>
                      <p className="mt-0.5 text-gray-600">{failureOf(r)}</p>
                      {r.expected_fact ? <p className="mt-0.5 text-xs text-gray-500">Its page says: {r.expected_fact}</p> : null}
                      {r.expected_fact && r.answer ? <p className="mt-0.5 line-clamp-2 text-xs text-gray-500">It answered: {r.answer}</p> : null}
                      {r.expected_url ? (
                        <p className="mt-0.5 truncate text-xs text-gray-500">
                          Expected: <a className="text-indigo-700 underline" href={r.expected_url}>{r.expected_title || r.expected_url}</a>
                        </p>
                      ) : r.expected_source_id && r.expected_title ? (
                        <p className="mt-0.5 truncate text-xs text-gray-500">Expected: {r.expected_title}</p>
                      ) : null}
                      {r.found.length ? <p className="mt-0.5 truncate text-xs text-gray-500">Found: {r.found.map((f) => f.title || f.url).join(", ")}</p> : null}
                      <Badge className="mt-1">{kindOf(r)}</Badge>
                    </div>
                    {can_edit ? (
                      <Button variant="secondary" size="sm" className="shrink-0" aria-label={`Add an updated answer to “${r.question}”`} onClick={() => setUpdating(r.question)}>
                        Add an updated answer
                      </Button>
                    ) : null}
                  </Card>
                </li>
              ))}
            </ul>
          )}
          {latest.results.length ? <div className="mt-3"><AskedQuestions results={latest.results} /></div> : null}
        </section>
      ) : null}

      <TestQuestions chatbotId={chatbotId} canEdit={can_edit} />
      {updating !== null ? <UpdatedAnswerDialog chatbotId={chatbotId} editing={null} prefill={{ question: updating, suggested_answer: "" }} onClose={() => setUpdating(null)} /> : null}
    </div>
  );
}

/** The owner's own test questions, each with the page that should answer it (or none: only answering counts). */
function TestQuestions({ chatbotId, canEdit }: { chatbotId: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const uid = useId();
  const questions = useQuery(trpc.evaluations.questions.queryOptions({ chatbot_id: chatbotId }));
  const pages = useQuery({ ...trpc.evaluations.pages.queryOptions({ chatbot_id: chatbotId }), enabled: canEdit });
  const [question, setQuestion] = useState("");
  const [expected, setExpected] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.evaluations.questions.queryKey({ chatbot_id: chatbotId }) });
  const add = useMutation(
    trpc.evaluations.addQuestion.mutationOptions({
      onSuccess: async () => {
        setQuestion("");
        setExpected("");
        await refresh();
      },
    }),
  );
  const remove = useMutation(trpc.evaluations.removeQuestion.mutationOptions({ onSuccess: refresh }));

  return (
    <section aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`} className="mb-1 text-base font-semibold text-gray-900">
        Your test questions
      </h2>
      <p className="mb-3 text-sm text-gray-600">Asked at every evaluation, with the questions made from the chatbot&apos;s own pages.</p>
      {canEdit ? (
        <form
          className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate({ chatbot_id: chatbotId, question, expected_url: expected || null });
          }}
        >
          <Field id={`${uid}-question`} label="Question" className="flex-1" error={add.error?.message ?? null}>
            <Input id={`${uid}-question`} value={question} onChange={(e) => setQuestion(e.target.value)} maxLength={500} autoComplete="off" required minLength={3} />
          </Field>
          <Field id={`${uid}-page`} label="Page that should answer it" className="sm:w-64">
            <Select id={`${uid}-page`} value={expected} onChange={(e) => setExpected(e.target.value)}>
              <option value="">Any (it only has to answer)</option>
              {(pages.data ?? []).map((p) => (
                <option key={p.url} value={p.url}>
                  {p.title || p.url}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" disabled={add.isPending || question.trim().length < 3}>
            Add question
          </Button>
        </form>
      ) : null}
      {questions.data?.length ? (
        <ul className="divide-y divide-gray-100 rounded-md border border-gray-200 bg-white" aria-label="Your test questions">
          {questions.data.map((q) => (
            <li key={q.id} className="flex items-center gap-3 px-3 py-2 text-sm" data-testid="test-question">
              <div className="min-w-0 flex-1">
                <p className="text-gray-900">{q.question}</p>
                <p className="truncate text-xs text-gray-500">{q.expected_url ? `Expects ${q.expected_title || q.expected_url}` : "Any page"}</p>
              </div>
              {canEdit ? (
                <Button variant="secondary" size="sm" aria-label={`Remove the test question “${q.question}”`} disabled={remove.isPending} onClick={() => remove.mutate({ chatbot_id: chatbotId, id: q.id })}>
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : questions.isPending ? null : (
        <p className="text-sm text-gray-500">No test questions of your own yet.</p>
      )}
    </section>
  );
}
