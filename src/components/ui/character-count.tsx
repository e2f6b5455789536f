/**
 * How close a text is to its bound, shown once it gets near (from 80 %): people see the limit before a send
 * is cut off, not after. Polite live region so a screen reader hears it without being interrupted.
 */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  const near = length >= max * 0.8;
  return (
    <p id={id} aria-live="polite" className={near ? (length >= max ? "text-xs font-medium text-red-700" : "text-xs text-amber-800") : "sr-only"} data-testid="character-count">
      {near ? `${length.toLocaleString("en-US")} / ${max.toLocaleString("en-US")} characters` : `Up to ${max.toLocaleString("en-US")} characters`}
    </p>
  );
}
