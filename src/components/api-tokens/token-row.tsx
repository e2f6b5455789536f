import { formatDate, formatDateTime } from "@/components/lib/format";
import type { ApiTokenItem } from "@/components/lib/trpc-types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TD, TR } from "@/components/ui/table";

export function TokenRow({ token, onRevoke }: { token: ApiTokenItem; onRevoke: (token: ApiTokenItem) => void }) {
  const nameId = `api-token-${token.id}-name`;
  const revoked = token.revoked_at !== null;
  return (
    <TR data-token-id={token.id} data-status={revoked ? "revoked" : "active"}>
      <TD id={nameId} className="font-medium text-gray-900" data-column="name">
        {token.name}
      </TD>
      <TD data-column="token">
        <code className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs text-gray-700">{token.prefix}…</code>
      </TD>
      <TD data-column="created">
        <time dateTime={token.created_at}>{formatDate(token.created_at)}</time>
      </TD>
      <TD data-column="last-used">
        {token.last_used_at ? <time dateTime={token.last_used_at}>{formatDateTime(token.last_used_at)}</time> : <span className="text-gray-500">Never</span>}
      </TD>
      <TD data-column="status">
        {revoked ? (
          <Badge tone="red" title={token.revoked_at ? `Revoked ${formatDateTime(token.revoked_at)}` : undefined}>
            Revoked
          </Badge>
        ) : (
          <Badge tone="green">Active</Badge>
        )}
      </TD>
      <TD className="text-right">
        {revoked ? null : (
          <Button variant="secondary" size="sm" aria-describedby={nameId} onClick={() => onRevoke(token)} className="text-red-700 hover:text-red-800">
            Revoke
          </Button>
        )}
      </TD>
    </TR>
  );
}
