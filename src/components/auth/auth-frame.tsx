import type { ReactNode } from "react";
import { BrandMark } from "@/components/portal/brand-mark";
import type { Brand } from "@/server/branding";

/** The centered card of the signed-out pages (password reset, invitations), with the brand above it. */
export function AuthFrame({ brand, title, description, children }: { brand: Brand; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <BrandMark brand={brand} />
          <h1 className="mt-4 text-xl font-semibold tracking-tight text-gray-900">{title}</h1>
          {description ? <p className="mt-1 text-sm text-gray-600">{description}</p> : null}
        </div>
        <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">{children}</div>
      </div>
    </main>
  );
}
