"use client";

import type { RouterOutputs } from "@/components/lib/trpc-types";
import { formatNumber } from "@/components/clients/format";
import { Badge } from "@/components/ui/badge";
import { Stat } from "@/components/ui/stat";

export type Report = RouterOutputs["reports"]["get"]["report"];

const signed = (n: number | null, unit: string) => (n === null ? null : `${n > 0 ? "+" : n < 0 ? "−" : "±"}${formatNumber(Math.abs(n))}${unit}`);

/** The report's headline figures, each with its change against the previous period. */
export function ReportFigures({ report }: { report: Report }) {
  const f = report.figures;
  const vs = `vs ${report.previous_period_label}`;
  const busiest = [...f.busiest_days].sort((a, b) => b.conversations - a.conversations)[0];
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="report-figures">
      <Stat label="Conversations" value={formatNumber(f.conversations)} hint={signed(report.change.conversations, "%") ? `${signed(report.change.conversations, "%")} ${vs}` : null} />
      <Stat label="Questions answered" value={f.questions ? `${f.answered_rate}%` : "—"} hint={f.questions ? `${formatNumber(f.answered_questions)} of ${formatNumber(f.questions)} · ${signed(report.change.answered_rate, " pts")} ${vs}` : "No questions"} />
      <Stat label="Handed to a person" value={formatNumber(f.handed_to_person)} />
      <Stat label="Leads" value={formatNumber(f.leads)} />
      <Stat label="Hours saved" value={`${f.hours_saved} h`} hint={`${formatNumber(f.answered_conversations)} conversations × ${f.minutes_per_conversation} min`} />
      <Stat label="Value of the time saved" value={f.value_saved ? `${f.value_saved.currency} ${f.value_saved.amount.toFixed(2)}` : "—"} hint={f.value_saved ? null : "Set an hourly rate to see it"} />
      <Stat label="Customer satisfaction" value={f.csat === null ? "Not rated" : `${f.csat}%`} hint={`Answers rated ${formatNumber(f.positive_feedback)} helpful, ${formatNumber(f.negative_feedback)} not`} />
      <Stat label="Busiest weekday" value={busiest?.conversations ? busiest.weekday : "—"} />
    </dl>
  );
}

/** The unanswered questions, grouped, each open group with its "Answer this" link. */
export function UnansweredClusters({ report, openOnly = false }: { report: Report; openOnly?: boolean }) {
  const clusters = report.unanswered.clusters.filter((c) => !openOnly || c.status === "open");
  if (clusters.length === 0) return <p className="text-sm text-gray-600">{openOnly ? "No open unanswered questions." : "Every question was answered from the content."}</p>;
  return (
    <>
    <p className="mb-2 text-xs text-gray-600">
      {formatNumber(report.unanswered.questions)} questions got no answer from the content or went to a person; the most asked groups first. Answer a group once and the agent answers it from then on.
    </p>
    <ul className="space-y-3" aria-label="Unanswered questions">
      {clusters.map((c) => (
        <li key={`${c.chatbot_id}-${c.id}`} className="rounded-md border border-gray-200 p-3 text-sm" data-testid="unanswered-cluster">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-gray-900">{c.label}</span>
            <span className="text-gray-600">asked {formatNumber(c.count)}×</span>
            <span className="text-gray-600">· {c.chatbot_name}</span>
            {c.status === "resolved" ? <Badge tone="green">Answered now</Badge> : null}
          </div>
          <p className="mt-1 text-gray-700">“{c.question}”</p>
          {c.examples.length ? <p className="mt-0.5 text-xs text-gray-600">Also: {c.examples.map((e) => `“${e}”`).join(", ")}</p> : null}
          {c.answer_url ? (
            <a href={new URL(c.answer_url).pathname + new URL(c.answer_url).search} className="mt-2 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
              Answer this<span className="sr-only">: {c.question}</span>
            </a>
          ) : null}
        </li>
      ))}
    </ul>
    </>
  );
}
