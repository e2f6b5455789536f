import type { ComponentProps } from "react";
import { cn } from "@/components/lib/cn";

/**
 * A table in a box that scrolls sideways when it is wider than the screen
 * (phones). The box is a labelled, focusable region so keyboard users can
 * scroll it too (axe: scrollable-region-focusable).
 */
export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div
      role="region"
      aria-label={props["aria-label"] ?? "Table"}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <table className={cn("min-w-full divide-y divide-gray-200 text-left text-sm", className)} {...props} />
    </div>
  );
}

export function THead({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("bg-gray-50", className)} {...props} />;
}

export function TBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("divide-y divide-gray-100", className)} {...props} />;
}

export function TR({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("align-middle", className)} {...props} />;
}

export function TH({ className, scope = "col", ...props }: ComponentProps<"th">) {
  return <th scope={scope} className={cn("px-4 py-2.5 text-xs font-medium tracking-wide whitespace-nowrap text-gray-500 uppercase", className)} {...props} />;
}

export function TD({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-4 py-3 whitespace-nowrap text-gray-700", className)} {...props} />;
}
