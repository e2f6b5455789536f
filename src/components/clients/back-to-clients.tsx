import Link from "next/link";

/** The way back to the clients list, above a client's pages. */
export function BackToClients() {
  return (
    <nav aria-label="Breadcrumb" className="mb-2 text-sm">
      <Link href="/clients" className="text-gray-500 hover:text-gray-900">
        ← Clients
      </Link>
    </nav>
  );
}
