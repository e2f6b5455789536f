import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveEmptyErrorsAJsonBody } from "./json-errors";

/** A real HTTP server whose routes answer the way Next does for a method a route file does not export. */
const routes: Record<string, (res: ServerResponse) => void> = {
  "/empty-405": (res) => {
    res.statusCode = 405;
    res.end();
  },
  "/streamed-405": (res) => {
    res.statusCode = 405;
    res.write("");
    res.end();
  },
  "/typed-404": (res) => {
    res.writeHead(404, { "Content-Type": "text/html" });
    res.end("<h1>nope</h1>");
  },
  "/ok": (res) => {
    res.statusCode = 200;
    res.end("fine");
  },
};

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    giveEmptyErrorsAJsonBody(req, res);
    routes[req.url ?? ""]!(res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("giveEmptyErrorsAJsonBody", () => {
  it.each(["/empty-405", "/streamed-405"])("gives an untyped, empty error (%s) a JSON {message}", async (path) => {
    const res = await fetch(base + path, { method: "PUT" });
    expect(res.status).toBe(405);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ message: "The PUT method is not supported for this route." });
  });

  it("leaves typed error bodies and successes as they are", async () => {
    const typed = await fetch(base + "/typed-404");
    expect(typed.headers.get("content-type")).toBe("text/html");
    expect(await typed.text()).toBe("<h1>nope</h1>");
    expect(await (await fetch(base + "/ok")).text()).toBe("fine");
  });
});
