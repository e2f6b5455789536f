import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { getCurrentUser } from "@/components/auth/current-user";
import { safeCallbackUrl } from "@/components/lib/callback-url";
import { LogoMark } from "@/components/icons";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  if (await getCurrentUser()) redirect(callbackUrl);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <LogoMark className="size-10 text-indigo-600" />
          <h1 className="mt-4 text-xl font-semibold tracking-tight text-gray-900">Sign in to your account</h1>
          <p className="mt-1 text-sm text-gray-500">Agency Chatbot Platform</p>
        </div>
        <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
          <LoginForm callbackUrl={callbackUrl} />
        </div>
        <p className="mt-4 rounded-lg border border-indigo-100 bg-indigo-50 px-4 py-3 text-center text-sm text-indigo-900">
          Demo: <span className="font-mono">owner@demo.agency</span> / <span className="font-mono">demo-password</span>
        </p>
      </div>
    </main>
  );
}
