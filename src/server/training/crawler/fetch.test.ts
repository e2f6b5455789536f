import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { isBlockedError } from "@/server/kernel/net/guard";
import { crawlFetch } from "./fetch";

const closed = { allowPrivate: false };
const open = { allowPrivate: true };

describe("the crawler's fetch", () => {
  it("the crawler's fetch refuses a loopback site unless private networks are allowed", async () => {
    const server = http.createServer((_req, res) => res.end("hello"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      await expect(crawlFetch(url, { policy: closed, timeoutMs: 2000 })).rejects.toSatisfy(isBlockedError);
      expect((await crawlFetch(url, { policy: open, timeoutMs: 2000 })).status).toBe(200);
    } finally {
      server.close();
    }
  });
});
