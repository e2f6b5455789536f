"use client";

import { Button } from "@/components/ui/button";

/** A workspace integration card's two actions (HubSpot, Intercom): connect (the secret is verified by the provider) and, once connected, disconnect. */
export function ConnectButtons({
  product,
  connecting,
  canConnect,
  connected,
  disconnecting,
  onDisconnect,
}: {
  product: string;
  connecting: boolean;
  canConnect: boolean;
  connected: boolean;
  disconnecting: boolean;
  onDisconnect: () => void;
}) {
  return (
    <>
      <Button type="submit" disabled={connecting || !canConnect}>
        {connecting ? "Verifying…" : `Connect ${product}`}
      </Button>
      {connected ? (
        <Button type="button" variant="secondary" disabled={disconnecting} onClick={onDisconnect}>
          Disconnect
        </Button>
      ) : null}
    </>
  );
}
