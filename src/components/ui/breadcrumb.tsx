import Link from "next/link";
import type { ReactNode } from "react";

/** "List / this item" above a detail page: the list's link, then the current page (truncated when long). */
export function Breadcrumb({ href, label, current }: { href: string; label: string; current: ReactNode }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-3 text-sm">
      <ol className="flex min-w-0 items-center gap-1.5 text-gray-500">
        <li>
          <Link href={href} className="hover:text-gray-900 hover:underline">
            {label}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="min-w-0 truncate text-gray-700">
          {current}
        </li>
      </ol>
    </nav>
  );
}
