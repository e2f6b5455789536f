import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ClientDetail } from "@/components/clients/client-detail";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "Client" };

export default async function ClientPage({ params }: { params: Promise<{ client_id: string }> }) {
  const { client_id: clientId } = await params;
  try {
    await (await api()).lifecycle.clientState({ client_id: clientId });
  } catch (error) {
    // HTTP 404 with the dashboard's way back: another agency's, a deleted or a malformed client id.
    if (error instanceof TRPCError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  return <ClientDetail clientId={clientId} />;
}
