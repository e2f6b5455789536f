"use client";

import { useState } from "react";
import { cn } from "@/components/lib/cn";

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1] ?? "") : "";
  return (last ? `${first.charAt(0)}${last.charAt(0)}` : first.slice(0, 2)).toUpperCase() || "?";
}

/** The user's photo, falling back to their initials if it fails to load. Decorative: the name is shown next to it. */
export function Avatar({ src, name, className }: { src: string | null; name: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const classes = cn("size-8 shrink-0 rounded-full", className);
  if (!src || failed) {
    return (
      <span aria-hidden="true" className={cn(classes, "flex items-center justify-center bg-indigo-600 text-xs font-semibold text-white")}>
        {initials(name)}
      </span>
    );
  }
  // A plain <img>: the URL may point at any host (uploaded photos), so next/image's allow-list does not apply.
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={src} alt="" className={cn(classes, "bg-gray-100 object-cover")} onError={() => setFailed(true)} />;
}
