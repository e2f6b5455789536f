/**
 * A local stand-in for Slack, on 127.0.0.1, for contract tests: the Web API methods the channel calls
 * (`auth.test`, `chat.postMessage`; `Authorization: Bearer xoxb-…`; HTTP 200 `{ok: false, error}` for
 * failures, HTTP 429 with `Retry-After` when rate limited) and the Events API's side: requests signed
 * `v0=HMAC-SHA256(signing secret, "v0:{timestamp}:{body}")` with `X-Slack-Request-Timestamp`.
 * Processes other than the one that started it (Playwright's workers) drive it through `/__control/*`:
 * `POST bots {token, user, team}`, `GET posts`.
 */
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { answerJson as answer, controlCall, faultQueue, readBody } from "./stand-in-http";

export interface SlackPost {
  channel: string;
  text: string;
  thread_ts: string | null;
  /** The message's own ts (a thread's parent id for replies to it). */
  ts: string;
  /** Block Kit blocks sent with the message, as given. */
  blocks?: Array<{ type: string; elements?: Array<{ type: string; action_id?: string; value?: string; text?: { text?: string } }> }>;
  at: number;
}

/** `retryAfter` left out: a 429 without the header (as a proxy in front of Slack may answer). */
export type SlackFault = { kind: "ratelimited"; retryAfter?: number } | { kind: "error"; error: string };

export interface SlackStandIn {
  baseUrl: string;
  addBot(token: string, user: string, team: string): void;
  posts: SlackPost[];
  postAttempts: Array<{ channel: string; at: number }>;
  failPosts(channel: string, fault: SlackFault, count?: number): void;
  /** An Events API request, signed (`opts` overrides the timestamp or the signature; null omits the header); the status and body. */
  deliver(url: string, signingSecret: string, body: unknown, opts?: { timestamp?: string; signature?: string | null }): Promise<{ status: number; body: unknown }>;
  /** A click on a button of a posted message, sent as Slack's interactivity request (form-encoded `payload`, signed); the status. */
  clickButton(url: string, signingSecret: string, post: SlackPost, label: string, user?: string): Promise<number>;
  nextPost(channel: string, from?: number): Promise<SlackPost>;
  stop(): Promise<void>;
}

export async function startSlackStandIn(opts: { unref?: boolean } = {}): Promise<SlackStandIn> {
  const bots = new Map<string, { user: string; team: string }>();
  const faults = faultQueue<SlackFault>();
  const posts: SlackPost[] = [];
  const postAttempts: Array<{ channel: string; at: number }> = [];
  let seq = 0;

  const server = createServer((req, res) => {
    void (async () => {
      if (req.url === "/__control/bots") {
        const body = await readBody(req);
        bots.set(String(body.token), { user: String(body.user), team: String(body.team) });
        return answer(res, 200, { ok: true });
      }
      if (req.url === "/__control/posts") return answer(res, 200, posts);
      const method = (req.url ?? "").replace(/^\//, "").split("?")[0];
      const bot = bots.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (!bot) return answer(res, 200, { ok: false, error: "invalid_auth" });
      const body = await readBody(req);
      if (method === "auth.test") return answer(res, 200, { ok: true, url: "https://bakery.slack.com/", team: bot.team, user: bot.user, team_id: "T0001", user_id: "U0BOT", bot_id: "B0BOT" });
      if (method === "chat.postMessage") {
        const channel = String(body.channel ?? "");
        postAttempts.push({ channel, at: Date.now() });
        const fault = faults.next(channel);
        if (fault?.kind === "ratelimited") return answer(res, 429, { ok: false, error: "ratelimited" }, fault.retryAfter === undefined ? {} : { "Retry-After": String(fault.retryAfter) });
        if (fault) return answer(res, 200, { ok: false, error: fault.error });
        if (!body.text) return answer(res, 200, { ok: false, error: "no_text" });
        const ts = `${Math.floor(Date.now() / 1000)}.${String(++seq).padStart(6, "0")}`;
        const blocks = body.blocks as SlackPost["blocks"];
        if (blocks !== undefined && (!Array.isArray(blocks) || blocks.some((b) => typeof b?.type !== "string"))) return answer(res, 200, { ok: false, error: "invalid_blocks" });
        posts.push({ channel, text: String(body.text), thread_ts: body.thread_ts ? String(body.thread_ts) : null, ts, ...(blocks ? { blocks } : {}), at: Date.now() });
        return answer(res, 200, { ok: true, channel, ts, message: { text: body.text, ts } });
      }
      return answer(res, 200, { ok: false, error: "unknown_method" });
    })().catch((e: Error) => answer(res, 500, { ok: false, error: e.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // In Playwright's runner it lives as long as the run, never holding the process open.
  if (opts.unref) server.unref();

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    posts,
    postAttempts,
    addBot(token, user, team) {
      bots.set(token, { user, team });
    },
    failPosts: faults.add,
    async clickButton(url, signingSecret, post, label, user = "U0ADA") {
      const button = post.blocks?.flatMap((b) => b.elements ?? []).find((e) => e.type === "button" && e.text?.text === label);
      if (!button) throw new Error(`no button "${label}" in the post`);
      const actionTs = `${Math.floor(Date.now() / 1000)}.${String(++seq).padStart(6, "0")}`;
      const payload = {
        type: "block_actions",
        user: { id: user, username: "ada", team_id: "T0001" },
        api_app_id: "A0001",
        team: { id: "T0001", domain: "bakery" },
        container: { type: "message", message_ts: post.ts, channel_id: post.channel, is_ephemeral: false, ...(post.thread_ts ? { thread_ts: post.thread_ts } : {}) },
        trigger_id: `${actionTs}.trigger`,
        channel: { id: post.channel, name: "directmessage" },
        message: { type: "message", ts: post.ts, text: post.text, ...(post.thread_ts ? { thread_ts: post.thread_ts } : {}) },
        response_url: `http://127.0.0.1:${port}/actions/response`,
        actions: [{ type: "button", action_id: button.action_id, block_id: "b1", text: { type: "plain_text", text: label }, value: button.value, action_ts: actionTs }],
      };
      const raw = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
      const timestamp = String(Math.floor(Date.now() / 1000));
      const headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Slack-Request-Timestamp": timestamp,
        "X-Slack-Signature": `v0=${createHmac("sha256", signingSecret).update(`v0:${timestamp}:${raw}`).digest("hex")}`,
      };
      const res = await fetch(url, { method: "POST", headers, body: raw });
      await res.arrayBuffer();
      return res.status;
    },
    async deliver(url, signingSecret, body, opts = {}) {
      const raw = JSON.stringify(body);
      const timestamp = opts.timestamp ?? String(Math.floor(Date.now() / 1000));
      const headers: Record<string, string> = { "Content-Type": "application/json", "X-Slack-Request-Timestamp": timestamp };
      const signature = opts.signature === undefined ? `v0=${createHmac("sha256", signingSecret).update(`v0:${timestamp}:${raw}`).digest("hex")}` : opts.signature;
      if (signature !== null) headers["X-Slack-Signature"] = signature;
      const res = await fetch(url, { method: "POST", headers, body: raw });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
    async nextPost(channel, from = 0) {
      for (;;) {
        const found = posts.slice(from).find((p) => p.channel === channel);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let eventSeq = 0;
/** An `event_callback` envelope around one event. */
export function slackEventEnvelope(event: Record<string, unknown>, eventId = `Ev${Date.now()}${++eventSeq}`) {
  return { token: "legacy", team_id: "T0001", api_app_id: "A0001", type: "event_callback", event_id: eventId, event_time: Math.floor(Date.now() / 1000), event };
}

/** Drives a stand-in started by another process (Playwright's runner) through its control routes. */
export function slackControl(baseUrl: string) {
  const call = controlCall(baseUrl);
  return {
    addBot: (token: string, user: string, team: string) => call("bots", { token, user, team }),
    posts: () => call("posts") as Promise<SlackPost[]>,
  };
}
