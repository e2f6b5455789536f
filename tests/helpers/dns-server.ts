import { createSocket } from "node:dgram";
import type { AddressInfo } from "node:net";
import dnsPacket from "dns-packet";
import { onCleanup } from "./cleanup";

/**
 * A real DNS server on 127.0.0.1 (UDP, a free port) answering TXT questions
 * from a table the test fills (the third-party boundary of custom-domain
 * verification); every other name is NXDOMAIN. `address` is what DNS_SERVERS takes.
 */
export interface LocalDnsServer {
  address: string;
  txt: Map<string, string[]>;
  stop(): Promise<void>;
}

export async function startDnsServer(): Promise<LocalDnsServer> {
  const txt = new Map<string, string[]>();
  const socket = createSocket("udp4");
  socket.on("message", (message, peer) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    const values = question && question.type === "TXT" ? txt.get(question.name.toLowerCase()) : undefined;
    const response = dnsPacket.encode({
      id: query.id,
      type: "response",
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (values ? 0 : 3), // rcode 3: NXDOMAIN
      questions: query.questions,
      // One TXT string holds at most 255 bytes: a longer value (a DKIM key) goes as several, as DNS publishes it.
      answers: (values ?? []).map((value) => ({ type: "TXT" as const, name: question!.name, ttl: 60, class: "IN" as const, data: value.match(/[\s\S]{1,255}/g) ?? [""] })),
    });
    socket.send(response, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  const stop = () => new Promise<void>((resolve) => socket.close(() => resolve()));
  onCleanup(stop);
  return { address: `127.0.0.1:${port}`, txt, stop };
}
