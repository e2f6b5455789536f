import { useId, type ReactNode } from "react";
import { Label } from "@/components/ui/label";

export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

/** A labelled form field with an optional hint and its error, wired for assistive tech. */
export function FormField({
  label,
  hint,
  error,
  optional,
  className,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className ?? "space-y-1.5"}>
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="ml-1 font-normal text-gray-500">(optional)</span> : null}
      </Label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {hint ? (
        <p id={hintId} className="text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A fieldset with a legend styled as a section heading. */
export function FormSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 border-t border-gray-200 pt-6 first:border-t-0 first:pt-0">
      <legend className="float-left w-full">
        <span className="block text-sm font-semibold text-gray-900">{title}</span>
        {description ? <span className="mt-1 block text-sm font-normal text-gray-500">{description}</span> : null}
      </legend>
      <div className="clear-both space-y-4">{children}</div>
    </fieldset>
  );
}
