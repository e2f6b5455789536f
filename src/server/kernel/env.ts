import { createPrivateKey, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";

/**
 * Threads a CPU-bound pool of this process gets by default: one per two cores, at least one (the process's
 * own thread, PostgreSQL and the other pools keep the rest).
 */
export const HALF_THE_CORES = Math.max(1, Math.floor(availableParallelism() / 2));

/** Webhook attempts at 0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after each failure (webhooks/retry). */
export const DEFAULT_RETRY_SCHEDULE_SECONDS = [0, 5, 300, 1800, 7200, 18000, 36000, 36000] as const;

/** WEBHOOK_RETRY_SCHEDULE: seconds, comma separated. */
export function parseRetrySchedule(value: string): number[] {
  const parts = value.split(",").map((p) => p.trim());
  const numbers = parts.map(Number);
  if (!parts.length || numbers.some((n, i) => !parts[i] || !Number.isFinite(n) || n < 0)) {
    throw new Error("must be a comma-separated list of non-negative numbers of seconds, e.g. 0,5,300");
  }
  return numbers;
}

/**
 * The one place that reads process.env. Every variable is validated here and a
 * bad value stops the process with a message naming the variable.
 */
const booleanString = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// connection URL")
    .optional(),
  // Streaming replicas for the named reads (docs/decisions/126-reads-from-replicas.md): comma-separated, unset = the primary only.
  DATABASE_REPLICA_URLS: z
    .string()
    .transform((v) => v.split(",").map((u) => u.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^postgres(ql)?:\/\//, "each must be a postgresql:// connection URL")))
    .default([]),
  // A replica further behind the primary than this (or down) is taken out of the reads until it catches up.
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  DATABASE_REPLICA_CHECK_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  NEXTAUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SEED_DEMO_DATA: booleanString.default(true),
  WORKERS_ENABLED: booleanString.default(true),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default(DEFAULT_RETRY_SCHEDULE_SECONDS.join(","))
    .transform((value, ctx) => {
      try {
        return parseRetrySchedule(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: booleanString.default(false),
  CRAWLER_ALLOW_PRIVATE_NETWORKS: booleanString.default(false),
  CRAWL_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(500),
  CRAWL_PAGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  CRAWL_CONCURRENCY_PER_HOST: z.coerce.number().int().min(1).max(16).default(2),
  // Threads that read crawled pages (parse, extract) off the crawling thread, by default one per core: a
  // thread starts only when a page waits for one, so the crawls running decide how many work (a website's
  // loops keep a few pages each, record 100); 0 reads them on the crawling thread.
  CRAWL_READ_THREADS: z.coerce.number().int().min(0).max(64).default(availableParallelism()),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  // Resolvers for custom-domain verification (TXT look-ups): "1.1.1.1,8.8.8.8:53,[::1]:5353"; unset = the system's.
  DNS_SERVERS: z
    .string()
    .transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean))
    .refine((list) => list.length > 0 && list.every((s) => /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?|[0-9a-fA-F:]+)$/.test(s)), "must be IP addresses (optionally :port), comma-separated")
    .optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  HANDOFF_AGENT_IDLE_MINUTES: z.coerce.number().int().min(0).max(10_080).default(10),
  ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, "base64").length === 32, "must be 32 bytes, base64 encoded (openssl rand -base64 32)")
    .optional(),
  // How many reverse proxies in front of the app append to X-Forwarded-For: false/0 none, true = 1, or a number.
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v, ctx) => {
      const value = v.trim().toLowerCase();
      if (value === "true") return 1;
      if (value === "false") return 0;
      if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
      ctx.addIssue({ code: "custom", message: "must be true, false or the number of trusted proxies (0-10)" });
      return z.NEVER;
    }),

  // How long a client may take to send a request's headers, and the whole request (body included).
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  // How long an idle keep-alive connection stays open. Past what a client or a proxy in front keeps one (undici 4 s,
  // load balancers 60 s): the client, not the server, ends it, so a request is never sent on a socket the server is closing.
  HTTP_KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(600).default(65),

  // Hardening (docs/decisions/030-request-bounds-and-the-front-server.md). Rate limits are shared by every instance (PostgreSQL).
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  // Public widget requests per client IP and chatbot: config, chat, feedback and link clicks together.
  RATE_LIMIT_WIDGET_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  SIGN_IN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  SIGN_IN_FAILURES_PER_IP: z.coerce.number().int().min(1).default(100),
  SIGN_IN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  PASSWORD_RESET_PER_EMAIL: z.coerce.number().int().min(1).default(3),
  PASSWORD_RESET_PER_IP: z.coerce.number().int().min(1).default(20),
  PASSWORD_RESET_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  // Half the CPUs: password hashing can never take the whole machine from the API.
  AUTH_KDF_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(HALF_THE_CORES),
  AUTH_KDF_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
  // Only for the auth benchmark's baseline: no KDF bound, no dummy hash, no sign-in throttle.
  AUTH_PROTECTIONS_DISABLED: booleanString.default(false),
  // A test hook only: the app kills itself (SIGKILL) at this step of an idempotent request, as a crash would.
  IDEMPOTENCY_FAILPOINT: z.enum(["before-effect", "after-effect"]).optional(),
  WEBHOOK_CA_CERTS: z
    .string()
    .refine((p) => existsSync(p), "must be the path of a readable PEM file")
    .optional(),
  // Messaging channels (docs/decisions/069-messaging-channels.md): each provider's API base, the real one unless a test or bench points elsewhere.
  TELEGRAM_API_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.telegram.org"),
  WHATSAPP_API_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://graph.facebook.com/v21.0"),
  SLACK_API_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://slack.com/api"),
  // Microsoft Teams (docs/decisions/118-teams-bot-framework.md): the Bot Framework's OpenID metadata (its jwks_uri signs inbound activities) and the token endpoint of the client-credentials flow.
  TEAMS_OPENID_METADATA_URL: z.url({ protocol: /^https?$/ }).default("https://login.botframework.com/v1/.well-known/openidconfiguration"),
  TEAMS_TOKEN_URL: z.url({ protocol: /^https?$/ }).default("https://login.microsoftonline.com/botframework.com/oauth2/v2.0/token"),
  // Attempts of one channel reply before it is shown as failed in the inbox (a provider's 429 waits its retry_after and does not count).
  CHANNEL_SEND_ATTEMPTS: z.coerce.number().int().min(1).max(25).default(5),
  // HTTP actions (docs/decisions/076-http-actions.md): each call's time and response size bounds; private
  // and loopback targets only when allowed (tests, on-premises), metadata addresses never.
  ACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  ACTION_MAX_RESPONSE_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(100_000),
  ACTIONS_ALLOW_PRIVATE_NETWORKS: booleanString.default(false),
  // HubSpot (docs/decisions/077-hubspot-crm.md): the API's base URL (a local stand-in in tests).
  HUBSPOT_API_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.hubapi.com"),
  // Intercom (docs/decisions/119-intercom-as-the-human-side.md): the REST API's base URL (a local stand-in in tests; a regional one, api.eu.intercom.io, for EU workspaces).
  INTERCOM_API_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.intercom.io"),
  // Rebilling (docs/decisions/109-stripe-through-the-kernel-client.md): Stripe's API base (a local stand-in in tests and
  // the README's try-out) and how far a webhook's `Stripe-Signature` timestamp may be from now.
  STRIPE_API_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.stripe.com"),
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(300),
  // How often an instance re-checks, for the visitors waiting for a person on its streams, whether anyone is in the inbox.
  HANDOFF_PRESENCE_CHECK_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  // E-mail From an agency's verified custom domain (docs/decisions/068-mail-from-the-agency-domain.md): the
  // platform's DKIM private key (PEM; "\n" for line breaks) and the selector agencies publish it under.
  MAIL_DKIM_PRIVATE_KEY: z
    .string()
    .transform((v) => v.replace(/\\n/g, "\n"))
    .refine((v) => {
      try {
        return createPrivateKey(v).asymmetricKeyType === "rsa";
      } catch {
        return false;
      }
    }, "must be an RSA private key in PEM form")
    .optional(),
  MAIL_DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/i, "must be one DNS label")
    .default("acp"),
  // A test hook only (docs/decisions/083-channel-answers-once-across-a-crash.md): the worker kills
  // itself (SIGKILL) at this step of a channel answer job, as a crash would.
  CHANNEL_FAILPOINT: z.enum(["after-turn", "after-reply"]).optional(),
  // Worker heartbeats (docs/decisions/084-jobs-of-a-killed-worker.md): each worker process refreshes its heartbeat this
  // often, and the jobs of one silent for longer than WORKER_DEAD_AFTER_SECONDS (at least 3 heartbeats) are unlocked.
  WORKER_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  WORKER_DEAD_AFTER_SECONDS: z.coerce.number().int().min(3).max(14_400).default(120),
});

export type Env = z.infer<typeof schema> & { APP_URL: string; NEXTAUTH_SECRET: string; ENCRYPTION_KEY: string };

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): z.infer<typeof schema> {
  const cleaned = Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v === "" ? undefined : v]));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid environment variable${lines.length > 1 ? "s" : ""}:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** A secret when unset (NEXTAUTH_SECRET, ENCRYPTION_KEY): generated once, kept in the git-ignored data folder. */
function persistedSecret(dataDir: string, name = "nextauth-secret", encoding: BufferEncoding = "base64url"): string {
  const file = path.resolve(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString(encoding);
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

/**
 * Reads the environment anew on the next `env()`: for a process that changes its own environment after the
 * first read (the database tests run many files, each with its own settings, in one process).
 */
export function forgetEnv(): void {
  cached = undefined;
}

export function env(): Env {
  if (cached) return cached;
  const parsed = parseEnv(process.env);
  cached = {
    ...parsed,
    APP_URL: (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ""),
    NEXTAUTH_SECRET: parsed.NEXTAUTH_SECRET ?? persistedSecret(parsed.DATA_DIR),
    ENCRYPTION_KEY: parsed.ENCRYPTION_KEY ?? persistedSecret(parsed.DATA_DIR, "encryption-key", "base64"),
  };
  return cached;
}

export function requireDatabaseUrl(): string {
  const url = env().DATABASE_URL;
  if (!url) throw new EnvError("DATABASE_URL is not set: start the app with `npm start` (embedded PostgreSQL) or set it.");
  return url;
}
