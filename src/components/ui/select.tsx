import type { ComponentProps } from "react";
import { cn } from "@/components/lib/cn";

/** A native select styled like Input: keyboard, screen readers and mobile pickers work as users expect. */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "block h-9 w-full rounded-md border border-gray-300 bg-white pr-8 pl-3 text-sm text-gray-900 shadow-sm",
        "focus:border-indigo-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-500/30",
        "disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500",
        "aria-invalid:border-red-500",
        className,
      )}
      {...props}
    />
  );
}
