import { createSocket } from "node:dgram";
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import dnsPacket from "dns-packet";

/**
 * The e2e app's DNS_SERVERS: a real DNS server on 127.0.0.1 (the third-party
 * boundary of custom-domain and sending-domain verification), started by
 * playwright.config.ts in the runner process. It answers TXT questions from
 * DNS_FILE, which specs (in worker processes) write with `publishTxt`; every
 * other name is NXDOMAIN.
 */
export const DNS_FILE = ".data/e2e-dns.json";

function table(): Record<string, string[]> {
  return existsSync(DNS_FILE) ? (JSON.parse(readFileSync(DNS_FILE, "utf8")) as Record<string, string[]>) : {};
}

export function publishTxt(name: string, values: string[]): void {
  mkdirSync(path.dirname(DNS_FILE), { recursive: true });
  writeFileSync(DNS_FILE, JSON.stringify({ ...table(), [name.toLowerCase()]: values }));
}

export async function startDnsSink(): Promise<string> {
  mkdirSync(path.dirname(DNS_FILE), { recursive: true });
  writeFileSync(DNS_FILE, "{}");
  const socket = createSocket("udp4");
  socket.on("message", (message, peer) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    const values = question && question.type === "TXT" ? table()[question.name.toLowerCase()] : undefined;
    const response = dnsPacket.encode({
      id: query.id,
      type: "response",
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (values ? 0 : 3),
      questions: query.questions,
      // At most 255 bytes per TXT string: a DKIM key goes as several, as DNS publishes it.
      answers: (values ?? []).map((value) => ({ type: "TXT" as const, name: question!.name, ttl: 1, class: "IN" as const, data: value.match(/[\s\S]{1,255}/g) ?? [""] })),
    });
    socket.send(response, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  socket.unref();
  return `127.0.0.1:${(socket.address() as AddressInfo).port}`;
}
