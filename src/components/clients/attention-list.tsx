import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { attentionAdvice } from "@/components/clients/attention-advice";
import { formatNumber } from "@/components/clients/format";
import type { OverviewClient } from "@/components/clients/types";

/** The cockpit's first section: clients needing attention, each reason with its cause and the action to take. */
export function AttentionList({ clients }: { clients: OverviewClient[] }) {
  const needing = clients.filter((c) => c.attention.length > 0);
  const unanswered = clients.reduce((sum, c) => sum + (c.archived ? 0 : c.unanswered_this_period), 0);
  return (
    <section aria-labelledby="attention-heading" className="space-y-2" data-testid="attention">
      <h2 id="attention-heading" className="text-sm font-semibold text-gray-900">
        Needs attention
      </h2>
      {needing.length === 0 ? (
        <p className="text-sm text-gray-600">Every client is answering with credits to spare.</p>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-lg border border-amber-200 bg-amber-50/40">
          {needing.map((c) => (
            <li key={c.id} className="space-y-1 px-4 py-2.5" data-testid="attention-client">
              <Link href={`/clients/${c.id}`} className="block max-w-full truncate text-sm font-medium text-gray-900 underline-offset-2 hover:underline">
                {c.name}
              </Link>
              <ul className="space-y-1">
                {c.attention.map((reason) => {
                  const advice = attentionAdvice(c, reason);
                  return (
                    <li key={reason} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-700">
                      <Badge tone="amber">{reason}</Badge>
                      {advice.why ? <span>{advice.why}</span> : null}
                      <Link href={`/clients/${c.id}`} className="font-medium text-indigo-700 underline-offset-2 hover:underline" aria-label={`${advice.action}: ${c.name}`}>
                        {advice.action} →
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-gray-700">
        {unanswered > 0 ? (
          // The agency report groups them per client, each group with its "Answer this".
          <Link href="/clients/reports" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
            {formatNumber(unanswered)} unanswered {unanswered === 1 ? "question" : "questions"}
          </Link>
        ) : (
          "No unanswered questions"
        )}{" "}
        across your clients this period.
      </p>
    </section>
  );
}
