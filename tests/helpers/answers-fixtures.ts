import type { Db } from "@/server/kernel/db/client";
import { indexSource } from "@/server/training/retrieval/index-source";

/** A trained `text` source indexed through the retrieval module (never chunks written by hand). */
export async function trainedTextSource(db: Db, chatbotId: string, doc: { title: string; url?: string | null; sections: Array<{ heading?: string; text: string }> }) {
  const source = await db.source.create({
    data: { chatbotId, type: "text", indexer: "text", title: doc.title, url: doc.url ?? null, status: "training" },
  });
  await indexSource(db, {
    sourceId: source.id,
    chatbotId,
    url: doc.url ?? null,
    document: { title: doc.title, blocks: doc.sections.map((s) => ({ headingPath: s.heading ? [s.heading] : [], text: s.text })) },
  });
  return db.source.update({ where: { id: source.id }, data: { status: "trained", trainedAt: new Date() } });
}

export const BAKERY_PAGES = [
  {
    title: "Opening hours",
    url: "https://bakery.example/hours",
    sections: [
      { heading: "Opening hours", text: "Our bakery is open from 7 am to 6 pm on weekdays. On Saturday the opening hours are 8 am to 2 pm. We are closed on Sunday." },
      { heading: "Holidays", text: "During public holidays the shop stays closed. The holiday schedule is posted two weeks ahead." },
    ],
  },
  {
    title: "Delivery",
    url: "https://bakery.example/delivery",
    sections: [
      { heading: "Delivery area", text: "We deliver bread and cakes within 10 kilometres of the shop. Delivery is free for orders above 30 euros. Cakes must be ordered two days in advance." },
    ],
  },
];

/** Trains a chatbot on BAKERY_PAGES (one trained text source a page). */
export async function trainOnBakeryPages(db: Db, chatbotId: string) {
  for (const page of BAKERY_PAGES) await trainedTextSource(db, chatbotId, page);
}

/** A chatbot row in `teamId`, trained on BAKERY_PAGES. */
export async function bakeryChatbot(db: Db, teamId: string, userId: string, name = "Bakery Bot") {
  const bot = await db.chatbot.create({ data: { teamId, userId, name } });
  await trainOnBakeryPages(db, bot.id);
  return bot;
}

/**
 * The agency's "Bakery" client workspace (100 answers unless `team` says otherwise) with its
 * "Bakery Bot" trained on BAKERY_PAGES: the chatbot the answer, chat and handoff tests talk to.
 */
export async function bakeryClient(
  db: Db,
  owner: { agency: { id: string; ownerId: string }; user: { id: string } },
  team: { messageLimit?: number; enabledIntegrations?: string[] } = {},
) {
  const created = await db.team.create({
    data: { kind: "client", name: "Bakery", plan: "agency_client", ownerId: owner.agency.ownerId, agencyId: owner.agency.id, messageLimit: 100, ...team },
  });
  return { team: created, bot: await bakeryChatbot(db, created.id, owner.user.id) };
}
