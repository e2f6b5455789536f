import Link from "next/link";
import { connection } from "next/server";

/**
 * The 404 page, rendered per request (not prerendered) so that its scripts
 * carry the request's CSP nonce like every other page (src/proxy.ts).
 */
export default async function NotFound() {
  await connection();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-12 text-center">
      <h1 className="text-xl font-semibold tracking-tight text-gray-900">Page not found</h1>
      <p className="mt-2 text-sm text-gray-500">The page you asked for does not exist.</p>
      <Link href="/" className="mt-6 text-sm font-medium text-indigo-600 hover:text-indigo-500">
        Back to the dashboard
      </Link>
    </main>
  );
}
