"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/lib/cn";

/** The chatbot's sections, in order (it opens on its Inbox): adding a section is one line here. */
const TABS = [
  { segment: "inbox", label: "Inbox" },
  { segment: "inbox-settings", label: "Saved replies" },
  { segment: "playground", label: "Playground" },
  { segment: "settings", label: "Settings" },
  { segment: "prompts", label: "Suggested messages" },
  { segment: "sources", label: "Sources" },
  { segment: "finetunes", label: "Updated answers" },
  { segment: "actions", label: "Actions" },
  { segment: "analytics", label: "Analytics" },
  { segment: "quality", label: "Quality" },
  { segment: "contacts", label: "Contacts" },
  { segment: "escalations", label: "Escalations" },
  { segment: "install", label: "Install" },
  { segment: "channels", label: "Channels" },
] as const;

/**
 * The chatbot's sections as tabs that wrap onto a second row (a third on a phone) rather than scroll: every
 * section stays in sight and in the tab order, none hides past an edge (thirteen labels are wider than the
 * page's column at 1280 px).
 */
export function ChatbotTabs({ chatbotId, canViewContacts }: { chatbotId: string; canViewContacts: boolean }) {
  const pathname = usePathname() ?? "";
  // Contacts are personal data a read-only member may not see (the page answers 404 to them).
  const tabs = TABS.filter((tab) => canViewContacts || tab.segment !== "contacts").map((tab) => {
    const href = `/chatbots/${chatbotId}/${tab.segment}`;
    return { ...tab, href, active: pathname === href || pathname.startsWith(`${href}/`) };
  });
  return (
    <nav aria-label="Chatbot sections" className="mb-6 border-b border-gray-200">
      <ul className="-mb-px flex flex-wrap gap-x-0.5">
        {tabs.map(({ segment, label, href, active }) => (
          <li key={segment} className="shrink-0">
            <Link
              href={href}
              aria-current={active ? "page" : undefined}
              className={cn(
                "block border-b-2 px-2 py-2 text-sm sm:px-2.5 sm:py-2.5 font-medium whitespace-nowrap transition-colors",
                active ? "border-indigo-600 text-indigo-700" : "border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900",
              )}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
