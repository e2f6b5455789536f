import type { Metadata } from "next";
import Link from "next/link";
import { AuthFrame } from "@/components/auth/auth-frame";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { getBrand } from "@/components/portal/portal";
import { getDb } from "@/server/kernel/db/client";
import { resetTokenUsable } from "@/server/accounts";

export const metadata: Metadata = { title: "Choose a new password" };
export const dynamic = "force-dynamic";

/** The e-mailed reset link: a form while the link is usable, else a plain explanation and the way to a new one. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw.slice(0, 200) : "";
  const usable = token ? await resetTokenUsable(getDb(), token) : false;
  const brand = await getBrand();
  if (!usable) {
    return (
      <AuthFrame brand={brand} title="This reset link can't be used">
        <div className="space-y-4 text-sm text-gray-700">
          <p data-testid="reset-error">It was already used or has expired (links work once, for one hour).</p>
          <Link href="/forgot-password" className="font-medium text-indigo-700 hover:text-indigo-600">
            Ask for a new link
          </Link>
        </div>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame brand={brand} title="Choose a new password">
      <ResetPasswordForm token={token} />
    </AuthFrame>
  );
}
