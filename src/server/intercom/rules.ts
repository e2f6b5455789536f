import { z } from "zod";

/**
 * What a workspace gives to connect Intercom (docs/decisions/119-intercom-as-the-human-side.md): the access
 * token of its Intercom app (Developer Hub → the app → Authentication) and the app's client secret (Basic
 * information), with which Intercom signs its webhooks. Both sealed at rest, never returned. Pure: the
 * dashboard's form and the API read the same rules.
 */
export const intercomConnectInput = z.object({
  access_token: z.string().trim().min(20, "An Intercom access token is at least 20 characters.").max(500),
  client_secret: z.string().trim().min(8, "The app's client secret is at least 8 characters.").max(200),
});

/** An Intercom message body is HTML; the visitor reads text. Tags dropped, paragraphs and breaks as new lines, the common entities decoded. */
export function textOfIntercomBody(html: string): string {
  const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|h\d)>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, name: string) => entities[name]!)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The transcript an Intercom conversation opens with: each message of ours on its own line, who said it first. */
export function transcriptText(messages: ReadonlyArray<{ role: string; content: string }>, chatbotName: string): string {
  const who = (role: string) => (role === "user" ? "Visitor" : role === "agent" ? "Agent" : chatbotName || "Bot");
  const lines = messages.map((m) => `${who(m.role)}: ${m.content.replace(/\s+/g, " ").trim()}`);
  return [`Handed over from ${chatbotName || "the chatbot"}; the conversation so far:`, ...lines].join("\n");
}
