import type { AgentBlueprints } from "@/server/workspaces";
import { updateChatbotSettings } from "@/server/chatbots";
import { seedFromTemplate } from "./links";

/**
 * Agents made from a template by the agency's agent creation (workspaces' `template_id`, wired in by the
 * transport: docs/decisions/111-templates-are-data.md). `client_name` defaults to the client's name; a colour
 * given with the request wins over the template's (it is then that agent's override).
 */
export const templateBlueprint: AgentBlueprints = {
  async seed(db, { agency, client, chatbotId, request, accentColor }) {
    const chatbot = await db.chatbot.findUniqueOrThrow({ where: { id: chatbotId } });
    await seedFromTemplate(db, agency, chatbot, request, { client_name: client.name });
    if (accentColor) await updateChatbotSettings(db, chatbot, { accent_color: accentColor });
    return { accent_color: (await db.chatbot.findUniqueOrThrow({ where: { id: chatbotId }, select: { accentColor: true } })).accentColor };
  },
};
