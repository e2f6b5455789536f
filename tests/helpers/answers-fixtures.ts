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
