import Link from "next/link";
import { connection } from "next/server";
import { buttonClasses } from "@/components/ui/button";

/**
 * Any unknown page, or a `notFound()` outside the dashboard: HTTP 404 with a way back.
 * Rendered per request (not prerendered) so that its scripts carry the request's CSP nonce (src/proxy.ts).
 */
export default async function NotFound() {
  await connection();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-12 text-center">
      <p className="text-sm font-semibold text-indigo-700">404</p>
      <h1 className="mt-2 text-xl font-semibold tracking-tight text-gray-900">Page not found</h1>
      <p className="mt-2 max-w-sm text-sm text-gray-600">This page does not exist, or you do not have access to it.</p>
      <Link href="/" className={buttonClasses({ className: "mt-6" })}>
        Go to the dashboard
      </Link>
    </main>
  );
}
