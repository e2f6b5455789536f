/**
 * Who sent an activity to a Teams channel (docs/decisions/118-teams-bot-framework.md): the Bot Framework signs
 * each one with an RS256 JWT in `Authorization: Bearer`. Its signing keys are the JWKS that the OpenID metadata
 * document (TEAMS_OPENID_METADATA_URL) names as `jwks_uri`, kept for a day and fetched again at once when a
 * token names a key id we do not hold (Microsoft adds keys before it signs with them). The checks are `jose`'s
 * (signature, RS256 only, issuer, audience = the bot's app id, expiry with five minutes of clock skew), then
 * ours: the key is endorsed for the activity's channel, and the token's `serviceurl` claim is the activity's
 * `serviceUrl` — the one address our replies, with our own token, are posted to.
 */
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JWK } from "jose";
import { env } from "@/server/kernel/env";
import { AppError } from "@/server/kernel/errors";
import { isFailure, providerFetch } from "./provider-call";

export const BOT_FRAMEWORK_ISSUER = "https://api.botframework.com";
const KEYS_KEPT_MS = 24 * 3600_000;
/** Fetches of the keys at most this often: a flood of made-up key ids costs Microsoft one request a second, and waits for it rather than failing. */
const REFETCH_GAP_MS = 1000;
const CLOCK_SKEW_SECONDS = 300;

interface KeySet {
  metadataUrl: string;
  fetchedAt: number;
  /** Microsoft's keys carry `endorsements`: the channels (msteams, …) each key signs for. */
  jwks: { keys: Array<JWK & { endorsements?: unknown }> };
  verifyKey: ReturnType<typeof createLocalJWKSet>;
}

let current: KeySet | null = null;
let loading: Promise<KeySet> | null = null;

const unauthorized = (message: string) => new AppError("UNAUTHENTICATED", message);
const unavailable = (message: string) => new AppError("SERVICE_UNAVAILABLE", `The Bot Framework's signing keys could not be read (${message}); the activity is not taken, Microsoft retries it.`);

async function fetchJson(url: string): Promise<Record<string, unknown>> {
  const answer = await providerFetch({ url });
  if (isFailure(answer)) throw unavailable(answer.message);
  if (answer.status !== 200 || typeof answer.json !== "object" || answer.json === null) throw unavailable(`HTTP ${answer.status} from ${url}`);
  return answer.json as Record<string, unknown>;
}

async function load(metadataUrl: string, lastFetchAt: number): Promise<KeySet> {
  const wait = lastFetchAt + REFETCH_GAP_MS - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const metadata = await fetchJson(metadataUrl);
  if (typeof metadata.jwks_uri !== "string") throw unavailable("the metadata names no jwks_uri");
  const jwks = await fetchJson(metadata.jwks_uri);
  if (!Array.isArray(jwks.keys)) throw unavailable("the JWKS has no keys");
  const keys = jwks as unknown as KeySet["jwks"];
  current = { metadataUrl, fetchedAt: Date.now(), jwks: keys, verifyKey: createLocalJWKSet(keys) };
  return current;
}

/** The keys: the ones held while fresh, else (or when `refetch`) fetched again — one fetch at a time, shared by every waiting request. */
async function signingKeys(refetch: boolean): Promise<KeySet> {
  const metadataUrl = env().TEAMS_OPENID_METADATA_URL;
  const held = current?.metadataUrl === metadataUrl ? current : null;
  if (held && !refetch && Date.now() - held.fetchedAt < KEYS_KEPT_MS) return held;
  loading ??= load(metadataUrl, held?.fetchedAt ?? 0).finally(() => (loading = null));
  return loading;
}

const JOSE_REASONS: Record<string, string> = {
  ERR_JWT_EXPIRED: "has expired",
  ERR_JWT_CLAIM_VALIDATION_FAILED: "is not for this bot (issuer or audience)",
  ERR_JWS_SIGNATURE_VERIFICATION_FAILED: "is not signed by the Bot Framework",
  ERR_JOSE_ALG_NOT_ALLOWED: "is not signed with RS256",
};

/**
 * Checks an activity's bearer token for the bot `appId`: 401 (`UNAUTHENTICATED`) for a missing, malformed,
 * forged, expired or another bot's token or an unknown key; 403 when a valid token vouches for another
 * `serviceUrl`. 503 when the keys cannot be read (the Bot Framework retries).
 */
export async function verifyTeamsActivityToken(authorization: string | null, appId: string, activity: { serviceUrl: string; channelId: string | null }): Promise<void> {
  const token = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(authorization ?? "")?.[1];
  if (!token) throw unauthorized("The Authorization header must be `Bearer` and the Bot Framework's token.");
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    throw unauthorized("The bearer token is not a JWT.");
  }
  if (!kid) throw unauthorized("The bearer token names no signing key (kid).");
  let keys = await signingKeys(false);
  if (!keys.jwks.keys.some((k) => k.kid === kid)) keys = await signingKeys(true);
  const key = keys.jwks.keys.find((k) => k.kid === kid);
  if (!key) throw unauthorized("The bearer token is signed with a key the Bot Framework does not publish.");
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(token, keys.verifyKey, { issuer: BOT_FRAMEWORK_ISSUER, audience: appId, algorithms: ["RS256"], clockTolerance: CLOCK_SKEW_SECONDS, requiredClaims: ["exp"] }));
  } catch (error) {
    throw unauthorized(`The bearer token ${JOSE_REASONS[(error as { code?: string }).code ?? ""] ?? "is not valid"}.`);
  }
  // A key may be endorsed for some channels only (msteams, …): a token it signed is good for those alone.
  if (Array.isArray(key.endorsements) && activity.channelId !== null && !key.endorsements.includes(activity.channelId)) {
    throw unauthorized(`The bearer token's key is not endorsed for the ${activity.channelId} channel.`);
  }
  if ((claims.serviceurl ?? claims.serviceUrl) !== activity.serviceUrl) throw new AppError("FORBIDDEN", "The activity's serviceUrl is not the one its token vouches for.");
}
