import { Badge } from "@/components/ui/badge";

export interface MessageSource {
  id: string;
  url: string | null;
  title: string;
}

/** Whether an assistant reply was answered, and the sources it used. */
export function AnswerMeta({ answered, sources }: { answered: boolean | null; sources: MessageSource[] }) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
      {answered === null ? null : answered ? <Badge tone="green">Answered</Badge> : <Badge tone="amber">Not answered</Badge>}
      {sources.length ? (
        <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label="Sources used">
          {sources.map((s) => (
            <li key={s.id} className="min-w-0">
              {s.url ? (
                <a href={s.url} target="_blank" rel="noreferrer" className="break-all text-indigo-700 underline hover:text-indigo-900">
                  {s.title || s.url}
                </a>
              ) : (
                <span className="text-gray-600">{s.title}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
