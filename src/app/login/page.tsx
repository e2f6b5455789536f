import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { getCurrentUser } from "@/components/auth/current-user";
import { safeCallbackUrl } from "@/components/lib/callback-url";
import { BrandMark } from "@/components/portal/brand-mark";
import { getBrand } from "@/components/portal/portal";
import { isFreshDemoInstall } from "@/server/demo/fresh";
import { getDb } from "@/server/kernel/db/client";

export const metadata: Metadata = { title: "Sign in" };

const NOTICES: Record<string, string> = {
  "password-changed": "Your password was changed. Sign in with the new one.",
  "password-reset": "Your password was reset. Sign in with the new one.",
  "signed-out-everywhere": "You were signed out everywhere. Sign in again to continue.",
};

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  if (await getCurrentUser()) redirect(callbackUrl);
  const brand = await getBrand();
  const showDemo = brand.platform && (await isFreshDemoInstall(getDb()));
  const notice = typeof params.notice === "string" ? NOTICES[params.notice] : undefined;

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <BrandMark brand={brand} />
          <h1 className="mt-4 text-xl font-semibold tracking-tight text-gray-900">Sign in to your account</h1>
        </div>
        {notice ? (
          <p role="status" className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            {notice}
          </p>
        ) : null}
        <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
          <LoginForm callbackUrl={callbackUrl} />
          <p className="mt-4 text-center text-sm">
            <Link href="/forgot-password" className="font-medium text-indigo-700 hover:text-indigo-600">
              Forgot your password?
            </Link>
          </p>
        </div>
        {showDemo ? (
          <p className="mt-4 rounded-lg border border-indigo-100 bg-indigo-50 px-4 py-3 text-center text-sm text-indigo-900">
            Demo: <span className="font-mono">owner@demo.agency</span> / <span className="font-mono">demo-password</span>
          </p>
        ) : brand.supportEmail ? (
          <p className="mt-4 text-center text-sm text-gray-600">
            Need help? <a href={`mailto:${brand.supportEmail}`} className="font-medium text-indigo-700 hover:text-indigo-600">{brand.supportEmail}</a>
          </p>
        ) : null}
      </div>
    </main>
  );
}
