import type { ComponentProps } from "react";
import { cn } from "@/components/lib/cn";

export function Textarea({ className, rows = 3, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      rows={rows}
      className={cn(
        "block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-400",
        "focus:border-indigo-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-500/30",
        "disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500",
        "aria-invalid:border-red-500 aria-invalid:focus:outline-red-500/30",
        className,
      )}
      {...props}
    />
  );
}
