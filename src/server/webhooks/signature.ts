import { createHmac, randomBytes } from "node:crypto";

/**
 * Standard Webhooks signatures (docs/decisions/015-webhook-signatures-retries-and-outcomes.md): `v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body`, keyed by the base64-decoded part of `whsec_…`.
 */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export function signWebhookPayload(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64")}`;
}

export function webhookHeaders(secret: string, id: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "content-type": "application/json",
    "user-agent": "AgencyChatbotPlatform-Webhooks/1.0",
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signWebhookPayload(secret, id, timestamp, body),
  };
}
