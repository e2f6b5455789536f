import { stopViewingAsClient } from "@/components/portal/view-as-actions";

/** Clearly marks that an agency owner is looking at a client's portal, with the way back. */
export function ViewAsBanner({ clientName }: { clientName: string }) {
  return (
    <div role="region" aria-label="Viewing as client" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 md:ml-60">
      <form action={stopViewingAsClient} className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2">
        <p>
          Viewing as client <strong className="font-semibold">{clientName}</strong>: you see what its admins see.
        </p>
        <button
          type="submit"
          className="rounded-md border border-amber-400 bg-white px-2.5 py-1 text-xs font-medium text-amber-950 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
        >
          Back to agency view
        </button>
      </form>
    </div>
  );
}
