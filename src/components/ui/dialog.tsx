"use client";

import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from "react";
import { cn } from "@/components/lib/cn";

/**
 * A modal built on the native `<dialog>`: `showModal()` gives focus
 * containment, Escape to close, and an inert background for free.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [open]);

  // A click whose target is the <dialog> itself landed on the backdrop.
  function onClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) onClose();
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onClick={onClick}
      className={cn(
        "m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-gray-200 bg-white p-0 text-gray-900 shadow-xl backdrop:bg-gray-950/40",
        className,
      )}
    >
      {open ? (
        <div className="p-6">
          <h2 id={titleId} className="text-base font-semibold text-gray-900">
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className="mt-2 text-sm text-gray-600">
              {description}
            </div>
          ) : null}
          {children ? <div className="mt-5">{children}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}

/** The footer row of a dialog; `DialogActions` fills it with Cancel and the action. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
