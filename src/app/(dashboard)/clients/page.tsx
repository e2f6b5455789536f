import type { Metadata } from "next";
import { ClientsHome } from "@/components/clients/clients-home";

export const metadata: Metadata = { title: "Clients" };

export default function ClientsPage() {
  return <ClientsHome />;
}
