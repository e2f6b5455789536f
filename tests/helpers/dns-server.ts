import { createSocket } from "node:dgram";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import dnsPacket from "dns-packet";

/**
 * A real DNS server on 127.0.0.1 (UDP, a free port) answering TXT questions
 * from a table the test fills (the third-party boundary of custom-domain and
 * sending-domain verification); every other name is NXDOMAIN. `address` is
 * what DNS_SERVERS takes. It imports nothing of vitest, so e2e's runner starts
 * it too: there the table lives in a file (`tableFile`), because the specs that
 * publish records run in other processes (`publishTxt`).
 */
export interface LocalDnsServer {
  address: string;
  /** The in-process table (unused when the server answers from `tableFile`). */
  txt: Map<string, string[]>;
  stop(): Promise<void>;
}

function readTable(tableFile: string): Record<string, string[]> {
  return existsSync(tableFile) ? (JSON.parse(readFileSync(tableFile, "utf8")) as Record<string, string[]>) : {};
}

function writeTable(tableFile: string, table: Record<string, string[]>): void {
  mkdirSync(path.dirname(tableFile), { recursive: true });
  writeFileSync(tableFile, JSON.stringify(table));
}

/** Publishes a TXT record to a server started with this `tableFile`, from any process. */
export function publishTxt(tableFile: string, name: string, values: string[]): void {
  writeTable(tableFile, { ...readTable(tableFile), [name.toLowerCase()]: values });
}

export async function startDnsServer(options: { tableFile?: string; unref?: boolean } = {}): Promise<LocalDnsServer> {
  const txt = new Map<string, string[]>();
  const { tableFile } = options;
  if (tableFile) writeTable(tableFile, {});
  const lookup = (name: string) => (tableFile ? readTable(tableFile)[name] : txt.get(name));
  const socket = createSocket("udp4");
  socket.on("message", (message, peer) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    const values = question && question.type === "TXT" ? lookup(question.name.toLowerCase()) : undefined;
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
  if (options.unref) socket.unref();
  const { port } = socket.address() as AddressInfo;
  const stop = () => new Promise<void>((resolve) => socket.close(() => resolve()));
  return { address: `127.0.0.1:${port}`, txt, stop };
}
