import type { ReactNode } from "react";
import { LogoMark } from "@/components/icons";
import type { CurrentUser } from "@/components/lib/trpc-types";
import { MenuNav } from "@/components/dashboard/menu-nav";
import { UserMenu } from "@/components/dashboard/user-menu";
import { ViewAsBanner } from "@/components/portal/view-as-banner";
import type { NavKey } from "@/server/access";
import type { Brand } from "@/server/branding";

/**
 * The authenticated frame. On narrow screens the sidebar is a one-row top bar
 * (brand, user and the menu button opening the navigation); from `md` up it
 * is a fixed column with the user at the bottom. The brand is the agency's on
 * its verified custom domain.
 */
export function AppShell({
  user,
  nav,
  brand,
  viewAs,
  children,
}: {
  user: CurrentUser;
  nav: NavKey[];
  brand: Brand;
  viewAs: { id: string; name: string } | null;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 flex flex-wrap items-center gap-x-4 gap-y-3 border-b border-gray-200 bg-white px-4 py-3 md:fixed md:inset-y-0 md:left-0 md:w-60 md:flex-col md:flex-nowrap md:items-stretch md:gap-6 md:border-r md:border-b-0 md:px-3 md:py-5">
        <div className="order-1 flex min-w-0 flex-1 items-center gap-2 md:flex-none md:px-2.5" data-testid="portal-brand">
          {brand.logoUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- an agency's logo on any host; next/image would need every domain configured
            <img src={brand.logoUrl} alt="" className="size-6 shrink-0 rounded object-contain" />
          ) : (
            <LogoMark className="size-6 shrink-0" style={{ color: brand.accentColor }} />
          )}
          {/* Cut to one line in the phone's top bar; in the 240 px sidebar a long name wraps instead of losing its end. */}
          <span className="truncate text-sm font-semibold tracking-tight text-gray-900 md:overflow-visible md:leading-snug md:whitespace-normal">{brand.name}</span>
        </div>
        <MenuNav keys={nav} />
        <div className="order-2 md:order-3 md:border-t md:border-gray-200 md:px-2.5 md:pt-4">
          <UserMenu user={user} />
        </div>
      </header>
      {viewAs ? <ViewAsBanner clientName={viewAs.name} /> : null}
      <main id="main" tabIndex={-1} className="px-4 py-6 focus:outline-none sm:px-6 md:ml-60 md:px-10 md:py-10">
        <div className="mx-auto max-w-6xl">{children}</div>
      </main>
    </div>
  );
}
