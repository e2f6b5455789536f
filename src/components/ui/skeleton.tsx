import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/components/lib/cn";

export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-gray-200/80", className)} {...props} />;
}

/** `count` skeletons of the same size, one under the other (their gap comes from the parent). */
export function SkeletonRows({ count, className }: { count: number; className: string }) {
  return Array.from({ length: count }, (_, i) => <Skeleton key={i} className={className} />);
}

/**
 * A region while its data loads: busy for assistive technology, which is told
 * `label` ("Loading actions…"); `children` are the placeholders people see.
 */
export function Loading({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className} aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      {children}
    </div>
  );
}
