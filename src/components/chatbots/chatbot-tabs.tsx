"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { cn } from "@/components/lib/cn";
import { Select } from "@/components/ui/select";

/** The chatbot's sections, in order: adding a section is one line here. */
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

/** The chatbot's sections: tabs from `sm` up; on a phone a labelled menu, so no section is cut off. */
export function ChatbotTabs({ chatbotId, canViewContacts }: { chatbotId: string; canViewContacts: boolean }) {
  const pathname = usePathname() ?? "";
  const router = useRouter();
  // Contacts are personal data a read-only member may not see (the page answers 404 to them).
  const tabs = TABS.filter((tab) => canViewContacts || tab.segment !== "contacts").map((tab) => {
    const href = `/chatbots/${chatbotId}/${tab.segment}`;
    return { ...tab, href, active: pathname === href || pathname.startsWith(`${href}/`) };
  });
  const current = tabs.find((t) => t.active);
  return (
    <>
      <div className="mb-6 sm:hidden">
        <label htmlFor="chatbot-section" className="mb-1.5 block text-sm font-medium text-gray-800">
          Section
        </label>
        <Select id="chatbot-section" value={current?.href ?? ""} onChange={(e) => router.push(e.target.value)}>
          {current ? null : <option value="">Choose a section</option>}
          {tabs.map((t) => (
            <option key={t.segment} value={t.href}>
              {t.label}
            </option>
          ))}
        </Select>
      </div>
      <nav aria-label="Chatbot sections" className="mb-6 hidden border-b border-gray-200 sm:block">
        <ul className="flex flex-wrap gap-1">
          {tabs.map(({ segment, label, href, active }) => (
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
          ))}
        </ul>
      </nav>
    </>
  );
}
