"use client";

import { SessionProvider } from "next-auth/react";
import type { ReactNode } from "react";
import { TRPCReactProvider } from "@/trpc/react";

/** Client-side context for the whole app: the next-auth session and tRPC + TanStack Query. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <SessionProvider refetchOnWindowFocus={false}>
      <TRPCReactProvider>{children}</TRPCReactProvider>
    </SessionProvider>
  );
}
