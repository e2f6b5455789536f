import { z } from "zod";
import type { Chatbot } from "@/generated/prisma/client";
import { isoOffset } from "@/server/kernel/lib/timestamps";

/** Agent summary (agency views): `+00:00` timestamps. */
export const agentSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    enabled: z.boolean(),
    accent_color: z.string(),
    messages_remaining: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: "AgentSummary" });

export type AgentSummaryJson = z.infer<typeof agentSummarySchema>;

/** An agent answers from its workspace's credits, so its `messages_remaining` is the workspace's. */
/** The columns an agent summary is made of. */
export type AgentSummaryRow = Pick<Chatbot, "id" | "name" | "enabled" | "accentColor" | "createdAt">;

export function serializeAgentSummary(chatbot: AgentSummaryRow, workspaceRemaining: number): AgentSummaryJson {
  return {
    id: chatbot.id,
    name: chatbot.name,
    enabled: chatbot.enabled,
    accent_color: chatbot.accentColor,
    messages_remaining: chatbot.enabled ? workspaceRemaining : 0,
    created_at: isoOffset(chatbot.createdAt),
  };
}

export const invitationSchema = z
  .object({ email: z.string(), role: z.enum(["admin", "editor", "member"]), accept_url: z.string() })
  .meta({ id: "Invitation" });

/** What the dashboard learns of an invitation it sent: the link, and whether the e-mail went out. */
export const sentInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(["admin", "editor", "member"]),
  accept_url: z.string(),
  mail_sent: z.boolean(),
  mail_error: z.string().nullable(),
});
