import { Badge } from "@/components/ui/badge";
import type { FieldChange, Override } from "@/components/templates/types";

/** A value as one short line: text as it is, anything else as JSON. */
function short(value: unknown): string {
  if (value === null || value === undefined) return "—";
  const text = typeof value === "string" ? value : typeof value === "object" && value && "name" in value ? String((value as { name: unknown }).name) : JSON.stringify(value);
  return text.length > 90 ? `${text.slice(0, 89)}…` : text;
}

const CHANGE_TONES = { changed: "indigo", added: "green", removed: "red" } as const;

/** What a version does to a chatbot (or one version does from another): each field with its old and new value. */
export function ChangeList({ changes, empty = "Nothing changes." }: { changes: FieldChange[]; empty?: string }) {
  if (!changes.length) return <p className="text-sm text-gray-500">{empty}</p>;
  return (
    <ul className="space-y-1.5">
      {changes.map((c) => (
        <li key={c.field} className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-sm">
          <Badge tone={CHANGE_TONES[c.change]}>{c.change}</Badge>
          <span className="font-medium text-gray-900">{c.label}</span>
          {c.change === "changed" ? (
            <span className="min-w-0 text-gray-600 [overflow-wrap:anywhere]">
              <span className="line-through decoration-gray-400">{short(c.from)}</span> → {short(c.to)}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const OVERRIDE_WORDS = { changed: "changed here", added: "added here", removed: "removed here" } as const;

/** A chatbot's own fields, kept by every rollout. */
export function OverrideList({ overrides, empty = "No overrides." }: { overrides: Override[]; empty?: string }) {
  if (!overrides.length) return <p className="text-sm text-gray-500">{empty}</p>;
  return (
    <ul className="space-y-1">
      {overrides.map((o) => (
        <li key={o.field} className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <Badge tone="amber">kept</Badge>
          <span className="font-medium text-gray-900">{o.label}</span>
          <span className="text-gray-500">({OVERRIDE_WORDS[o.override]})</span>
        </li>
      ))}
    </ul>
  );
}
