"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
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
 * The chatbot's sections as one row of tabs: it fits at desktop widths and
 * scrolls sideways inside itself on a phone (the page never does), keeping
 * the current tab in view.
 */
export function ChatbotTabs({ chatbotId, canViewContacts }: { chatbotId: string; canViewContacts: boolean }) {
  const pathname = usePathname() ?? "";
  const activeRef = useRef<HTMLAnchorElement>(null);
  // Contacts are personal data a read-only member may not see (the page answers 404 to them).
  const tabs = TABS.filter((tab) => canViewContacts || tab.segment !== "contacts").map((tab) => {
    const href = `/chatbots/${chatbotId}/${tab.segment}`;
    return { ...tab, href, active: pathname === href || pathname.startsWith(`${href}/`) };
  });
  useEffect(() => {
    // Braces: Chromium's scrollIntoView now answers a promise, which React would take for the effect's cleanup.
    void activeRef.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [pathname]);
  return (
    <nav aria-label="Chatbot sections" className="mb-6 border-b border-gray-200">
      <ul className="-mb-px flex gap-0.5 overflow-x-auto [scrollbar-width:thin]">
        {tabs.map(({ segment, label, href, active }) => (
          <li key={segment} className="shrink-0">
            <Link
              ref={active ? activeRef : undefined}
              href={href}
              aria-current={active ? "page" : undefined}
              className={cn(
                "block border-b-2 px-2.5 py-2.5 text-sm font-medium whitespace-nowrap transition-colors",
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
