/**
 * A local stand-in for the Microsoft Bot Framework, on 127.0.0.1, for contract tests, the bench and the e2e journey
 * (docs/decisions/118-teams-bot-framework.md), speaking its documented protocol:
 * - the OpenID metadata document (`/v1/.well-known/openidconfiguration`) naming its JWKS (`/v1/.well-known/keys`,
 *   RSA keys with `kid` and `endorsements`), whose private halves sign each activity's RS256 bearer token
 *   (`iss` https://api.botframework.com, `aud` the bot's app id, `serviceurl`, `nbf`/`exp`);
 * - the token endpoint `POST /{tenant}/oauth2/v2.0/token` (form `grant_type=client_credentials`, `client_id`,
 *   `client_secret`, `scope=https://api.botframework.com/.default`; AADSTS errors as `{error, error_description}`);
 * - the Bot Connector under the service URL: `POST v3/conversations/{id}/activities[/{replyToId}]` with a token it
 *   issued (401 otherwise — `expireTokens()` makes every issued token stale, as a revocation would), recorded;
 *   and `POST v3/conversations` (create conversation): a new thread in a Teams channel (`isGroup: true`,
 *   `channelData.channel.id`, the first `activity`) answered 201 `{id: "{channel};messageid={activityId}", activityId}`,
 *   a 1:1 chat (`isGroup: false`, one member, `tenantId`) answered `{id: "a:…"}`; other shapes 400 `BadSyntax`. Recorded.
 * Other processes (Playwright's runner) drive it through `/__control/*`: `POST bots`, `GET activities`,
 * `GET conversations`, `POST send`.
 */
import { generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT } from "jose";
import { answerJson as answer, controlCall, nextRecorded, readBody } from "./stand-in-http";

export const TEAMS_SCOPE = "https://api.botframework.com/.default";
const ISSUER = "https://api.botframework.com";

export interface TeamsPosted {
  conversationId: string;
  replyToId: string | null;
  type: string;
  text: string;
  at: number;
}

/** A conversation the bot created (`POST v3/conversations`): in a Teams channel, `channel` is its id and `id` the new thread's. */
export interface TeamsCreatedConversation {
  id: string;
  activityId: string | null;
  isGroup: boolean;
  channel: string | null;
  members: string[];
  tenantId: string | null;
  text: string | null;
  at: number;
}

/** How an activity's token is made: a good one, or one of the ways a token is wrong. */
export type TeamsTokenKind = "valid" | "wrong-audience" | "expired" | "unknown-kid" | "forged" | "none";

export interface TeamsSendOptions {
  token?: TeamsTokenKind;
  /** The `serviceurl` claim, when it should differ from the activity's. */
  serviceUrlClaim?: string;
}

export interface TeamsStandIn {
  baseUrl: string;
  metadataUrl: string;
  tokenUrl: string;
  /** What the activities name as their `serviceUrl` (a path, as Microsoft's regional ones have). */
  serviceUrl: string;
  addBot(appId: string, password: string, tenant?: string): void;
  posted: TeamsPosted[];
  conversations: TeamsCreatedConversation[];
  tokenRequests: Array<{ tenant: string; clientId: string }>;
  /** Every token issued so far is refused from now on (the Bot Connector answers 401). */
  expireTokens(): void;
  /** Publishes a new signing key and signs with it from now on (the old one stays published). */
  rotateKey(): void;
  /** POSTs an activity to our messaging endpoint with a bearer token of the given kind; the HTTP status. */
  send(endpoint: string, appId: string, activity: Record<string, unknown>, opts?: TeamsSendOptions): Promise<number>;
  nextPosted(conversationId: string, from?: number): Promise<TeamsPosted>;
  /** The next conversation created in the Teams channel `channel` (a handoff post) from index `from` on. */
  nextConversation(channel: string, from?: number): Promise<TeamsCreatedConversation>;
  stop(): Promise<void>;
}

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: Record<string, unknown>;
}

function newKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomBytes(12).toString("base64url");
  return { kid, privateKey, publicJwk: { ...publicKey.export({ format: "jwk" }), kid, use: "sig", endorsements: ["msteams", "webchat"] } };
}

export async function startTeamsStandIn(opts: { unref?: boolean; port?: number } = {}): Promise<TeamsStandIn> {
  const bots = new Map<string, { password: string; tenant: string }>();
  const keys: SigningKey[] = [newKey()];
  const issued = new Set<string>();
  const posted: TeamsPosted[] = [];
  const conversations: TeamsCreatedConversation[] = [];
  const tokenRequests: Array<{ tenant: string; clientId: string }> = [];
  let baseUrl = "";
  let seq = 0;

  const sign = async (appId: string, serviceUrl: string, kind: TeamsTokenKind): Promise<string | null> => {
    if (kind === "none") return null;
    const now = Math.floor(Date.now() / 1000);
    // Unknown kid: a key never published; forged: a key not published, under the published kid.
    const outsider = kind === "unknown-kid" || kind === "forged" ? newKey() : null;
    const key = keys[keys.length - 1]!;
    const kid = kind === "forged" ? key.kid : (outsider ?? key).kid;
    return new SignJWT({ serviceurl: serviceUrl })
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .setIssuer(ISSUER)
      .setAudience(kind === "wrong-audience" ? "00000000-0000-0000-0000-00000000beef" : appId)
      .setIssuedAt(now - (kind === "expired" ? 7200 : 0))
      .setNotBefore(now - (kind === "expired" ? 7200 : 60))
      .setExpirationTime(kind === "expired" ? now - 3600 : now + 3600)
      .sign((outsider ?? key).privateKey);
  };

  const send: TeamsStandIn["send"] = async (endpoint, appId, activity, sendOpts = {}) => {
    const serviceUrl = String(activity.serviceUrl ?? "");
    const token = await sign(appId, sendOpts.serviceUrlClaim ?? serviceUrl, sendOpts.token ?? "valid");
    const res = await fetch(endpoint, { method: "POST", headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(activity) });
    await res.arrayBuffer();
    return res.status;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", baseUrl);
      if (url.pathname === "/__control/bots") {
        const body = await readBody(req);
        bots.set(String(body.appId), { password: String(body.password), tenant: String(body.tenant ?? "botframework.com") });
        return answer(res, 200, { ok: true });
      }
      if (url.pathname === "/__control/activities") return answer(res, 200, posted);
      if (url.pathname === "/__control/conversations") return answer(res, 200, conversations);
      if (url.pathname === "/__control/send") {
        const body = await readBody(req);
        // An activity without an id gets a new one (each curl of the local try-out is a new message).
        const activity = { id: `${Date.now()}${++seq}`, ...(body.activity as Record<string, unknown>) };
        return answer(res, 200, { status: await send(String(body.endpoint), String(body.appId), activity, (body.options ?? {}) as TeamsSendOptions) });
      }
      if (url.pathname === "/v1/.well-known/openidconfiguration") {
        return answer(res, 200, { issuer: ISSUER, authorization_endpoint: `${baseUrl}/v1/.well-known/authorize`, jwks_uri: `${baseUrl}/v1/.well-known/keys`, id_token_signing_alg_values_supported: ["RS256"], token_endpoint_auth_methods_supported: ["private_key_jwt"] });
      }
      if (url.pathname === "/v1/.well-known/keys") return answer(res, 200, { keys: keys.map((k) => k.publicJwk) });
      const tokenPath = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(url.pathname);
      if (tokenPath && req.method === "POST") {
        const form = await readBody(req);
        const tenant = decodeURIComponent(tokenPath[1]!);
        const clientId = String(form.client_id ?? "");
        tokenRequests.push({ tenant, clientId });
        if (form.grant_type !== "client_credentials") return answer(res, 400, { error: "unsupported_grant_type", error_description: "AADSTS70003: The app requested an unsupported grant type." });
        if (form.scope !== TEAMS_SCOPE) return answer(res, 400, { error: "invalid_scope", error_description: `AADSTS70011: The provided value for the input parameter 'scope' is not valid.` });
        const bot = bots.get(clientId);
        if (!bot || bot.tenant !== tenant) return answer(res, 400, { error: "unauthorized_client", error_description: `AADSTS700016: Application with identifier '${clientId}' was not found in the directory '${tenant}'.` });
        if (form.client_secret !== bot.password) return answer(res, 401, { error: "invalid_client", error_description: `AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value.` });
        const token = `bf-${randomBytes(24).toString("base64url")}`;
        issued.add(token);
        return answer(res, 200, { token_type: "Bearer", expires_in: 3599, ext_expires_in: 3599, access_token: token });
      }
      const authorized = () => issued.has((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (url.pathname === "/amer/v3/conversations" && req.method === "POST") {
        if (!authorized()) return answer(res, 401, { message: "Authorization has been denied for this request." });
        const created = createConversation(await readBody(req), `${Date.now()}${++seq}`);
        if (!created) return answer(res, 400, { error: { code: "BadSyntax", message: "Incorrect conversation creation parameters" } });
        conversations.push(created);
        return answer(res, 201, created.activityId ? { id: created.id, activityId: created.activityId } : { id: created.id });
      }
      const connector = /^\/amer\/v3\/conversations\/([^/]+)\/activities(?:\/([^/]+))?$/.exec(url.pathname);
      if (connector && req.method === "POST") {
        if (!authorized()) return answer(res, 401, { message: "Authorization has been denied for this request." });
        const body = await readBody(req);
        if (body.type !== "message" || typeof body.text !== "string" || !body.text) return answer(res, 400, { error: { code: "BadArgument", message: "The activity must be a message with text." } });
        const id = `1:${++seq}`;
        posted.push({ conversationId: decodeURIComponent(connector[1]!), replyToId: connector[2] ? decodeURIComponent(connector[2]) : null, type: body.type, text: body.text, at: Date.now() });
        return answer(res, 201, { id });
      }
      return answer(res, 404, { error: { code: "NotFound", message: `No route ${req.method} ${url.pathname}` } });
    })().catch((e: Error) => answer(res, 500, { error: { code: "ServiceError", message: e.message } }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (opts.unref) server.unref();

  return {
    baseUrl,
    metadataUrl: `${baseUrl}/v1/.well-known/openidconfiguration`,
    tokenUrl: `${baseUrl}/botframework.com/oauth2/v2.0/token`,
    serviceUrl: `${baseUrl}/amer/`,
    posted,
    conversations,
    tokenRequests,
    addBot(appId, password, tenant = "botframework.com") {
      bots.set(appId, { password, tenant });
    },
    expireTokens: () => issued.clear(),
    rotateKey: () => void keys.push(newKey()),
    send,
    nextPosted: (conversationId, from = 0) => nextRecorded(posted, from, (p) => p.conversationId === conversationId),
    nextConversation: (channel, from = 0) => nextRecorded(conversations, from, (c) => c.channel === channel),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The Bot Connector's "create conversation" as Teams takes it: a new thread in a channel (`isGroup`, the channel
 * in `channelData.channel.id`, its first message in `activity`: the thread's id is the channel's with
 * `;messageid=` and that message's id), or a 1:1 chat with one member of a tenant. Null: a shape Teams refuses.
 */
function createConversation(body: Record<string, unknown>, activityId: string): TeamsCreatedConversation | null {
  const channel = (body.channelData as { channel?: { id?: unknown } } | undefined)?.channel?.id;
  const activity = body.activity as { type?: unknown; text?: unknown } | undefined;
  const members = Array.isArray(body.members) ? body.members.map((m: { id?: unknown }) => String(m?.id ?? "")) : [];
  const tenantId = typeof body.tenantId === "string" ? body.tenantId : null;
  if (activity !== undefined && (activity.type !== "message" || typeof activity.text !== "string" || !activity.text)) return null;
  const text = typeof activity?.text === "string" ? activity.text : null;
  if (body.isGroup === true && typeof channel === "string" && /^19:[^;]+@thread\.(tacv2|skype)$/.test(channel) && text) {
    return { id: `${channel};messageid=${activityId}`, activityId, isGroup: true, channel, members, tenantId, text, at: Date.now() };
  }
  if (body.isGroup !== true && members.length === 1 && tenantId) {
    return { id: `a:1${randomBytes(12).toString("base64url")}`, activityId: text ? activityId : null, isGroup: false, channel: null, members, tenantId, text, at: Date.now() };
  }
  return null;
}

let activitySeq = 0;

/**
 * A Teams `message` activity from a user to the bot `botId`: personal by default; in a channel (`channel: true`) it
 * mentions the bot when `mention` is set, with the `<at>` text Teams puts in front.
 */
export function teamsMessage(serviceUrl: string, botId: string, conversationId: string, text: string, opts: { channel?: boolean; mention?: boolean; id?: string } = {}) {
  const mention = opts.mention ? { entities: [{ type: "mention", text: "<at>Bakery Bot</at>", mentioned: { id: botId, name: "Bakery Bot" } }] } : {};
  return {
    type: "message",
    id: opts.id ?? `${Date.now()}${++activitySeq}`,
    timestamp: new Date().toISOString(),
    channelId: "msteams",
    serviceUrl,
    from: { id: "29:1user-aad-object", name: "Dana Baker", aadObjectId: "6a1f0c4e-0000-4000-8000-000000000001" },
    conversation: { id: conversationId, conversationType: opts.channel ? "channel" : "personal", tenantId: "72f988bf-0000-4000-8000-000000000000" },
    recipient: { id: botId, name: "Bakery Bot" },
    text: opts.mention ? `<at>Bakery Bot</at> ${text}` : text,
    textFormat: "plain",
    ...mention,
  };
}

/** A `conversationUpdate` adding members (the bot among them when `botAdded`). */
export function teamsMembersAdded(serviceUrl: string, botId: string, conversationId: string, botAdded: boolean) {
  return {
    type: "conversationUpdate",
    id: `f:${Date.now()}${++activitySeq}`,
    channelId: "msteams",
    serviceUrl,
    from: { id: "29:1user-aad-object" },
    conversation: { id: conversationId, conversationType: "personal" },
    recipient: { id: botId, name: "Bakery Bot" },
    membersAdded: [{ id: botAdded ? botId : "29:1another-user" }],
  };
}

/** Drives a stand-in started by another process (Playwright's runner) through its control routes. */
export function teamsControl(baseUrl: string) {
  const call = controlCall(baseUrl);
  return {
    addBot: (appId: string, password: string) => call("bots", { appId, password }),
    activities: () => call("activities") as Promise<TeamsPosted[]>,
    conversations: () => call("conversations") as Promise<TeamsCreatedConversation[]>,
    send: async (endpoint: string, appId: string, activity: unknown, options: TeamsSendOptions = {}) => ((await call("send", { endpoint, appId, activity, options })) as { status: number }).status,
  };
}
