import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { LinkedChatbot } from "@/components/templates/types";

/** The chatbots made from a template: their client, the version each follows and its overrides. */
export function LinkedChatbots({ chatbots, latest }: { chatbots: LinkedChatbot[]; latest: number }) {
  if (!chatbots.length) return <p className="text-sm text-gray-500">No chatbot is made from this template yet: create a client or an agent from it.</p>;
  return (
    <Table aria-label="Linked chatbots">
      <THead>
        <TR>
          <TH>Chatbot</TH>
          <TH>Client</TH>
          <TH>Version</TH>
          <TH>Overrides</TH>
        </TR>
      </THead>
      <TBody>
        {chatbots.map((c) => (
          <TR key={c.chatbot_id}>
            <TD className="font-medium text-gray-900">
              <Link href={`/chatbots/${c.chatbot_id}/settings`} className="text-indigo-700 hover:underline">
                {c.name}
              </Link>
            </TD>
            <TD>{c.client ? <Link href={`/clients/${c.client.id}`} className="hover:underline">{c.client.name}</Link> : "Agency"}</TD>
            <TD>
              v{c.version} {c.version < latest ? <Badge tone="amber">behind</Badge> : null}
            </TD>
            <TD className="whitespace-normal">{c.overrides.length ? c.overrides.map((o) => o.label).join(", ") : <span className="text-gray-500">none</span>}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
