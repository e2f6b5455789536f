import type { Metadata } from "next";
import { NewClientPage } from "@/components/clients/new-client-page";

export const metadata: Metadata = { title: "New client" };

export default function Page() {
  return <NewClientPage />;
}
