/**
 * The data of `npm run bench -- rest`: the demo installation (an agency, four
 * client workspaces, ~90 days of conversations, contacts, trained sources)
 * grown to a realistic agency — a few dozen chatbots, a webhook with a page of
 * deliveries — and the ids every documented GET needs.
 */
import { createApiToken } from "@/server/access";
import { ownedAgency } from "@/server/access";
import type { Db } from "@/server/kernel/db/client";
import { seedDemoData } from "@/server/demo/seed";
import { allowedDomain } from "@/server/chatbots";
import { createWebhook } from "@/server/webhooks";

export const EXTRA_CHATBOTS = 30;
const DELIVERIES = 300;

export interface RestFixture {
  token: string;
  /** Values for the documented path parameters. */
  params: Record<string, string>;
  /** The chatbot asked in the chat runs (trained sources, plenty of credits) and the Origin its widget accepts. */
  chat: { chatbotId: string; origin: string };
  chatbots: number;
}

export async function seedRestFixture(db: Db, appOrigin: string): Promise<RestFixture> {
  const { ownerId } = await seedDemoData(db);
  const agency = await ownedAgency(db, ownerId);
  const clients = await db.team.findMany({ where: { agencyId: agency.id }, orderBy: { createdAt: "asc" } });
  await db.chatbot.createMany({
    data: Array.from({ length: EXTRA_CHATBOTS }, (_, i) => {
      const team = clients[i % clients.length]!;
      return { teamId: team.id, userId: ownerId, name: `Bench agent ${i + 1}` };
    }),
  });

  // The chat runs ask the demo chatbot with the most indexed chunks; its workspace gets credits for every answer.
  const [trained] = await db.$queryRaw<{ chatbot_id: string }[]>`
    SELECT chatbot_id::text FROM source_chunks GROUP BY chatbot_id ORDER BY count(*) DESC LIMIT 1`;
  if (!trained) throw new Error("The demo data has no trained chatbot.");
  const chatbot = await db.chatbot.findUniqueOrThrow({ where: { id: trained.chatbot_id } });
  await db.team.update({ where: { id: chatbot.teamId }, data: { topupCredits: 10_000_000, creditsExhaustedAt: null } });
  const domain = allowedDomain(chatbot);

  const conversation = await db.conversation.findFirstOrThrow({ where: { chatbotId: chatbot.id }, orderBy: { createdAt: "desc" } });
  const { webhook } = await createWebhook(db, agency, { url: "https://hooks.example.com/bench" });
  await db.webhookDelivery.createMany({
    data: Array.from({ length: DELIVERIES }, (_, i) => ({
      webhookId: webhook.id,
      event: "conversation.created",
      payload: { n: i },
      responseStatus: 200,
      attempts: 1,
      deliveredAt: new Date(),
    })),
  });
  const { token } = await createApiToken(db, ownerId, "bench");
  return {
    token,
    // `period`: the client's report of the current month (`…/reports/{period}.pdf`).
    params: { chatbot_id: chatbot.id, conversation_id: conversation.id, client_id: chatbot.teamId, webhook_id: webhook.id, period: new Date().toISOString().slice(0, 7) },
    chat: { chatbotId: chatbot.id, origin: domain ? `https://${domain}` : appOrigin },
    chatbots: await db.chatbot.count({ where: { deletedAt: null } }),
  };
}
