import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/components/lib/cn";

/** A checkbox with its label and an optional description beside it. */
export function CheckboxField({
  id,
  label,
  description,
  className,
  ...props
}: Omit<ComponentProps<"input">, "type" | "id"> & { id: string; label: ReactNode; description?: ReactNode }) {
  const descriptionId = `${id}-description`;
  return (
    <div className={cn("flex items-start gap-3", className)}>
      <input
        id={id}
        type="checkbox"
        aria-describedby={description ? descriptionId : undefined}
        className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-gray-300 accent-indigo-600 disabled:cursor-not-allowed"
        {...props}
      />
      <div className="text-sm">
        <label htmlFor={id} className="font-medium text-gray-800">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-xs text-gray-500">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
