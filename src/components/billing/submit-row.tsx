import { Button } from "@/components/ui/button";

/** A form's submit button and, once it worked, what happened (announced to screen readers). */
export function SubmitRow({ label, pending, done }: { label: string; pending: boolean; done: string | null }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
        {label}
      </Button>
      {done ? (
        <p role="status" className="text-sm text-emerald-700">
          {done}
        </p>
      ) : null}
    </div>
  );
}
