"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ComponentType, SVGProps } from "react";
import { AuditIcon, BillingIcon, ChatIcon, HomeIcon, KeyIcon, SettingsIcon, TeamIcon, TemplateIcon, UsersIcon, WebhookIcon } from "@/components/icons";
import { cn } from "@/components/lib/cn";
import type { NavKey } from "@/server/access";

const LINKS: Record<NavKey, { href: string; label: string; icon: ComponentType<SVGProps<SVGSVGElement>> }> = {
  home: { href: "/home", label: "Home", icon: HomeIcon },
  clients: { href: "/clients", label: "Clients", icon: UsersIcon },
  billing: { href: "/billing", label: "Billing", icon: BillingIcon },
  templates: { href: "/templates", label: "Templates", icon: TemplateIcon },
  chatbots: { href: "/chatbots", label: "Chatbots", icon: ChatIcon },
  team: { href: "/team", label: "Team", icon: TeamIcon },
  webhooks: { href: "/webhooks", label: "Webhooks", icon: WebhookIcon },
  "audit-log": { href: "/audit-log", label: "Audit log", icon: AuditIcon },
  "api-tokens": { href: "/api-tokens", label: "API tokens", icon: KeyIcon },
  settings: { href: "/settings", label: "Settings", icon: SettingsIcon },
};

function isActive(pathname: string, href: string) {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The dashboard's main navigation (only what the user's role can use); a wrapping row on narrow screens, a column in the sidebar. */
export function NavLinks({ keys }: { keys: NavKey[] }) {
  const pathname = usePathname() ?? "";
  return (
    <nav aria-label="Main">
      <ul className="flex flex-wrap gap-1 md:flex-col md:flex-nowrap">
        {keys.map((key) => {
          const { href, label, icon: Icon } = LINKS[key];
          const active = isActive(pathname, href);
          return (
            <li key={key}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
                  active ? "bg-indigo-50 text-indigo-700" : "text-gray-700 hover:bg-gray-100 hover:text-gray-900",
                )}
              >
                <Icon className={cn("size-4 shrink-0", active ? "text-indigo-600" : "text-gray-500")} />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
