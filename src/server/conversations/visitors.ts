import { createHmac, randomBytes } from "node:crypto";
import type { Db } from "@/server/kernel/db/client";
import { signVisitorToken, verifyVisitorToken } from "@/server/conversations/visitor-token";
import { env } from "@/server/kernel/env";

/** A key of its own for visitor tokens, derived from NEXTAUTH_SECRET so one secret stays the only thing to keep. */
function visitorSecret(): string {
  return createHmac("sha256", env().NEXTAUTH_SECRET).update("widget-visitor-token").digest("hex");
}

/** The visitor key a token proves for this chatbot, or null when it is missing, forged or for another chatbot. */
export function visitorKeyFromToken(chatbotId: string, token: string | undefined): string | null {
  return token ? verifyVisitorToken(visitorSecret(), chatbotId, token) : null;
}

/** The visitor row a token names, or null. */
export async function visitorFromToken(db: Db, chatbotId: string, token: string | undefined) {
  const key = visitorKeyFromToken(chatbotId, token);
  return key ? db.visitor.findUnique({ where: { chatbotId_visitorKey: { chatbotId, visitorKey: key } }, select: { id: true } }) : null;
}

/** A new visitor key and its token, issued with the first message (the answer pipeline creates the visitor row). */
export function issueVisitorKey(chatbotId: string): { key: string; token: string } {
  const key = randomBytes(18).toString("base64url");
  return { key, token: signVisitorToken(visitorSecret(), chatbotId, key) };
}
