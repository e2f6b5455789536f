import { createHmac, randomBytes } from "node:crypto";
import type { Visitor } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { signVisitorToken, verifyVisitorToken } from "@/server/domain/visitor-token";
import { env } from "@/server/env";

/** A key of its own for visitor tokens, derived from NEXTAUTH_SECRET so one secret stays the only thing to keep. */
function visitorSecret(): string {
  return createHmac("sha256", env().NEXTAUTH_SECRET).update("widget-visitor-token").digest("hex");
}

/** The visitor a token names, or null when it is missing, forged, for another chatbot, or its visitor is gone. */
export async function visitorFromToken(db: Db, chatbotId: string, token: string | undefined): Promise<Visitor | null> {
  if (!token) return null;
  const key = verifyVisitorToken(visitorSecret(), chatbotId, token);
  if (!key) return null;
  return db.visitor.findUnique({ where: { chatbotId_visitorKey: { chatbotId, visitorKey: key } } });
}

/** A new visitor and the token the widget keeps for it (issued on the first message only). */
export async function createVisitor(db: Db, chatbotId: string): Promise<{ visitor: Visitor; token: string }> {
  const key = randomBytes(18).toString("base64url");
  const visitor = await db.visitor.create({ data: { chatbotId, visitorKey: key } });
  return { visitor, token: signVisitorToken(visitorSecret(), chatbotId, key) };
}
