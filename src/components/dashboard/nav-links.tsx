"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ComponentType, SVGProps } from "react";
import { ChatIcon, KeyIcon, SettingsIcon, UsersIcon, WebhookIcon } from "@/components/icons";
import { cn } from "@/components/lib/cn";

const LINKS: Array<{ href: string; label: string; icon: ComponentType<SVGProps<SVGSVGElement>> }> = [
  { href: "/clients", label: "Clients", icon: UsersIcon },
  { href: "/chatbots", label: "Chatbots", icon: ChatIcon },
  { href: "/webhooks", label: "Webhooks", icon: WebhookIcon },
  { href: "/api-tokens", label: "API tokens", icon: KeyIcon },
  { href: "/settings", label: "Settings", icon: SettingsIcon },
];

function isActive(pathname: string, href: string) {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The dashboard's main navigation; a row on narrow screens, a column in the sidebar. */
export function NavLinks() {
  const pathname = usePathname() ?? "";
  return (
    <nav aria-label="Main" className="-mx-1 overflow-x-auto md:mx-0 md:overflow-visible">
      <ul className="flex gap-1 px-1 md:flex-col md:px-0">
        {LINKS.map(({ href, label, icon: Icon }) => {
          const active = isActive(pathname, href);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
                  active ? "bg-indigo-50 text-indigo-700" : "text-gray-600 hover:bg-gray-100 hover:text-gray-900",
                )}
              >
                <Icon className={cn("size-4 shrink-0", active ? "text-indigo-600" : "text-gray-400")} />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
