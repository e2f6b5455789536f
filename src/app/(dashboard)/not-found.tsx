import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

/** A `notFound()` inside the dashboard (another tenant's workspace, a page the role cannot use): HTTP 404 with a way back. */
export default function DashboardNotFound() {
  return (
    <div className="py-12 text-center">
      <p className="text-sm font-semibold text-indigo-700">404</p>
      <h1 className="mt-2 text-xl font-semibold tracking-tight text-gray-900">Page not found</h1>
      <p className="mx-auto mt-2 max-w-sm text-sm text-gray-600">This page does not exist, or your role in this workspace does not give access to it.</p>
      <Link href="/chatbots" className={buttonClasses({ className: "mt-6" })}>
        Back to my chatbots
      </Link>
    </div>
  );
}
