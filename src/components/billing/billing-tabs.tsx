"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/lib/cn";

const TABS = [
  { href: "/billing", label: "Summary" },
  { href: "/billing/plans", label: "Plans" },
];

/** Billing's two pages: the margin summary and the plans. */
export function BillingTabs() {
  const pathname = usePathname() ?? "";
  return (
    <nav aria-label="Billing" className="mb-6 border-b border-gray-200">
      <ul className="-mb-px flex gap-4">
        {TABS.map((tab) => {
          const active = pathname === tab.href;
          return (
            <li key={tab.href}>
              <Link href={tab.href} aria-current={active ? "page" : undefined} className={cn("inline-block border-b-2 px-1 pb-2 text-sm font-medium", active ? "border-indigo-600 text-indigo-700" : "border-transparent text-gray-600 hover:text-gray-900")}>
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
