import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The widget's `visitor_token`: `<visitor_key>.<signature>`, where the
 * signature is an HMAC-SHA256 of the chatbot id and the key. It proves the
 * browser was given this visitor by us for this chatbot, so a visitor cannot
 * read or continue another visitor's conversation by guessing a key. Pure: the
 * secret is passed in (derived from NEXTAUTH_SECRET by the caller).
 */

const KEY = /^[A-Za-z0-9_-]{16,64}$/;

function signature(secret: string, chatbotId: string, visitorKey: string): string {
  return createHmac("sha256", secret).update(`visitor:${chatbotId}:${visitorKey}`).digest("base64url");
}

export function signVisitorToken(secret: string, chatbotId: string, visitorKey: string): string {
  if (!KEY.test(visitorKey)) throw new Error("visitor key must be 16-64 url-safe characters");
  return `${visitorKey}.${signature(secret, chatbotId, visitorKey)}`;
}

/** The visitor key of a valid token for this chatbot, or null. */
export function verifyVisitorToken(secret: string, chatbotId: string, token: string): string | null {
  const dot = token.indexOf(".");
  if (dot < 0) return null;
  const key = token.slice(0, dot);
  if (!KEY.test(key)) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(secret, chatbotId, key));
  return given.length === expected.length && timingSafeEqual(given, expected) ? key : null;
}
