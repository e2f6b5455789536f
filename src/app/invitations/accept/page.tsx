import type { Metadata } from "next";
import { BrandMark } from "@/components/portal/brand-mark";
import { getBrand } from "@/components/portal/portal";
import { AcceptInvitationForm } from "@/components/invitations/accept-invitation-form";
import { createCaller } from "@/server/transport/root";
import { getDb } from "@/server/kernel/db/client";

export const metadata: Metadata = { title: "Join a workspace" };
export const dynamic = "force-dynamic";

const ROLE_LABEL = { admin: "an admin", editor: "an editor", member: "a member" } as const;

/** The signed link from a portal invitation: create a login (or sign in) and join the workspace. */
export default async function AcceptInvitationPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  const caller = createCaller({ db: getDb(), user: null, via: null, tokenId: null });
  const result = await caller.invitations.lookup({ token: token.slice(0, 2000) });
  const brand = await getBrand();

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 flex flex-col items-center text-center">
          <BrandMark brand={brand} />
          {result.ok ? (
            <>
              <h1 className="mt-4 text-xl font-semibold tracking-tight text-gray-900">{`Join ${result.invitation.team_name}`}</h1>
              <p className="mt-1 text-sm text-gray-600">
                You were invited as {ROLE_LABEL[result.invitation.role]} with <span className="font-medium text-gray-700">{result.invitation.email}</span>.
              </p>
            </>
          ) : (
            <h1 className="mt-4 text-xl font-semibold tracking-tight text-gray-900">This invitation link can&apos;t be used</h1>
          )}
        </div>
        <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
          {result.ok ? (
            <AcceptInvitationForm token={token} email={result.invitation.email} hasAccount={result.invitation.has_account} />
          ) : (
            <div className="space-y-4 text-sm text-gray-700">
              <p data-testid="invitation-error">{result.message}</p>
              <a href="/login" className="inline-block font-medium text-indigo-700 hover:text-indigo-600">
                Go to sign in
              </a>
            </div>
          )}
        </div>
      </div>
    </main>
  );
}
