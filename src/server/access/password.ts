import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import pLimit, { type LimitFunction } from "p-limit";
import { env } from "@/server/kernel/env";
import { AppError } from "@/server/kernel/errors";

// scrypt (RFC 7914) from Node's crypto: a memory-hard KDF with no native addon
// to build. Parameters follow OWASP's minimum (N=2^17, r=8, p=1).
/**
 * The parameters new hashes are made with: OWASP's minimum wherever the product runs, N=2^10 in the test
 * runner's own processes (`NODE_ENV=test`, which vitest sets and `next start` never is), whose fixtures make
 * hundreds of users at ~0.5 CPU-s each — as Rails' has_secure_password takes bcrypt's least cost under test.
 * A hash records its parameters, so a server (production mode) verifies a fixture's hash at the cost it was
 * made with, and makes its own at full cost (docs/performance.md, "The suite's time: password hashing").
 */
export function kdfParams(nodeEnv: string | undefined = process.env.NODE_ENV) {
  return { N: nodeEnv === "test" ? 1 << 10 : 1 << 17, r: 8, p: 1, keyLength: 64 } as const;
}
const PARAMS = kdfParams();
const maxmem = 256 * 1024 * 1024;

/**
 * Each scrypt takes ~0.5 s of a CPU and 128 MB, on libuv's small thread pool.
 * Unbounded, a few wrong-password attempts per second starve every other
 * request (docs/decisions/029-sign-in-and-password-reset.md): at most AUTH_KDF_CONCURRENCY run at once, at most
 * AUTH_KDF_QUEUE wait, and the rest are told to retry (429) at once.
 */
let gate: LimitFunction | undefined;

function kdfGate(): LimitFunction {
  gate ??= pLimit(env().AUTH_KDF_CONCURRENCY);
  return gate;
}

/** True when a new KDF call would be refused: every slot busy and the queue full. */
export function kdfSaturated(): boolean {
  const g = kdfGate();
  return g.activeCount >= g.concurrency && g.pendingCount >= env().AUTH_KDF_QUEUE;
}

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number) {
  const options: ScryptOptions = { N, r, p, maxmem };
  const run = () =>
    new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize("NFKC"), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
    );
  if (env().AUTH_PROTECTIONS_DISABLED) return run();
  if (kdfSaturated()) {
    return Promise.reject(new AppError("RATE_LIMITED", "Too many sign-ins are being checked right now; try again in a moment.", { headers: { "Retry-After": "1" } }));
  }
  return kdfGate()(run);
}

/** Returns `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS.N, PARAMS.r, PARAMS.p, PARAMS.keyLength);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), Number(n), Number(r), Number(p), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a sign-in: the account's stored hash, or — when there is no such
 * account (or no password) — a fixed dummy hash with the same parameters, so
 * the answer takes the same time whether or not the email is registered.
 */
export async function verifySignIn(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored && env().AUTH_PROTECTIONS_DISABLED) return false;
  dummyHash ??= hashPassword(randomBytes(16).toString("base64url"));
  const hash = stored ?? (await dummyHash);
  const ok = await verifyPassword(password, hash);
  return ok && Boolean(stored);
}
