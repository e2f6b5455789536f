/** One figure of a `<dl>`: its label, the value large, an optional hint below. */
export function Stat({ label, value, hint }: { label: string; value: string; hint?: string | null }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-gray-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight text-gray-900 tabular-nums">{value}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-gray-600">{hint}</dd> : null}
    </div>
  );
}
