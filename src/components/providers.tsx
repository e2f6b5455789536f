"use client";

import { SessionProvider } from "next-auth/react";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { TRPCReactProvider } from "@/trpc/react";

/** The visitor's pages (widget panel, share page) ask nothing of the dashboard: no session fetch, no tRPC. */
const isVisitorPage = (pathname: string | null) => /^\/(widget|chat|widget-preview)\//.test(pathname ?? "");

/** Client-side context for the whole app: the next-auth session and tRPC + TanStack Query. */
export function Providers({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  if (isVisitorPage(pathname)) return <>{children}</>;
  return (
    <SessionProvider refetchOnWindowFocus={false}>
      <TRPCReactProvider>{children}</TRPCReactProvider>
    </SessionProvider>
  );
}
