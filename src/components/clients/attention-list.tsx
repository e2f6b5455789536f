import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { formatNumber } from "@/components/clients/format";
import type { OverviewClient } from "@/components/clients/types";

/** The cockpit's first section: clients needing attention, and why, each a link to the client. */
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
            <li key={c.id} className="flex flex-wrap items-center gap-2 px-4 py-2.5">
              <Link href={`/clients/${c.id}`} className="min-w-0 max-w-full truncate text-sm font-medium text-gray-900 underline-offset-2 hover:underline">
                {c.name}
              </Link>
              {c.attention.map((reason) => (
                <Badge key={reason} tone="amber">
                  {reason}
                </Badge>
              ))}
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-gray-700">
        {formatNumber(unanswered)} unanswered {unanswered === 1 ? "question" : "questions"} across your clients this period.
      </p>
    </section>
  );
}
