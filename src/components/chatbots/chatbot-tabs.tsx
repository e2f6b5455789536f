"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/lib/cn";

const TABS = [
  { segment: "playground", label: "Playground" },
  { segment: "inbox", label: "Inbox" },
  { segment: "settings", label: "Settings" },
  { segment: "prompts", label: "Suggested messages" },
  { segment: "sources", label: "Sources" },
  { segment: "finetunes", label: "Updated answers" },
  { segment: "analytics", label: "Analytics" },
  { segment: "contacts", label: "Contacts" },
  { segment: "escalations", label: "Escalations" },
  { segment: "install", label: "Install" },
] as const;

/** The chatbot's sections; scrolls sideways on narrow screens. */
export function ChatbotTabs({ chatbotId }: { chatbotId: string }) {
  const pathname = usePathname() ?? "";
  return (
    <nav aria-label="Chatbot sections" className="-mx-1 mb-6 overflow-x-auto border-b border-gray-200">
      <ul className="flex gap-1 px-1">
        {TABS.map(({ segment, label }) => {
          const href = `/chatbots/${chatbotId}/${segment}`;
          const active = pathname === href || pathname.startsWith(`${href}/`);
          return (
            <li key={segment}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "-mb-px block border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors",
                  active ? "border-indigo-600 text-indigo-700" : "border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900",
                )}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
