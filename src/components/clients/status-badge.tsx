import { Badge } from "@/components/ui/badge";
import { isStopped } from "@/components/clients/format";
import type { Client } from "@/components/clients/types";

/** Active / Paused (hard|soft) / Suspended. */
export function StatusBadge({ client }: { client: Pick<Client, "status" | "pause_mode"> }) {
  switch (client.status) {
    case "active":
      return <Badge tone="green">Active</Badge>;
    case "paused":
      return (
        <Badge tone="amber" title={isStopped(client) ? "Agents stopped" : "Agents answer until the monthly allowance runs out"}>
          Paused{client.pause_mode ? <span className="ml-1 font-normal">· {client.pause_mode}</span> : null}
        </Badge>
      );
    case "suspended":
      return <Badge tone="red">Suspended</Badge>;
  }
}
