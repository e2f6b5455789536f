/**
 * The physical floor of `npm run bench -- rest`: node:http + pg answering
 * `GET /v1/me` with the same look-up the app does (SHA-256 of the bearer token,
 * one indexed read of the token and its user), nothing else. Runs as its own
 * process (like the app) so it does not share an event loop with the load
 * generator. Usage: `tsx scripts/bench/rest-floor.ts <database url>`; prints
 * `listening <port>` once ready.
 */
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.argv[2], max: 10 });

const server = createServer((req, res) => {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  if (req.url !== "/v1/me" || !token) {
    res.writeHead(404, { "Content-Type": "application/json" }).end('{"message":"Not found."}');
    return;
  }
  const hash = createHash("sha256").update(token).digest("hex");
  pool
    .query(
      `SELECT u.id, u.name, u.email, u.created_at FROM api_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
      [hash],
    )
    .then(
      ({ rows }) => {
        if (!rows[0]) return void res.writeHead(401, { "Content-Type": "application/json" }).end('{"message":"Unauthenticated."}');
        res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" }).end(JSON.stringify({ user: rows[0] }));
      },
      (error: Error) => res.writeHead(500).end(JSON.stringify({ message: error.message })),
    );
});

server.listen(0, "127.0.0.1", () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.on("SIGTERM", () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
