import type { Db } from "@/server/kernel/db/client";
import { createSource } from "@/server/training/sources";
import { chatbot, clientWorkspace } from "./fixtures";
import { waitFor } from "./https-receiver";
import { conditional, page, startTestSite } from "./test-site";

/** A pet groomer's two pages, the home page linking to the prices: a crawl trains both. */
export function startPetGroomingSite() {
  return startTestSite({
    "/": { body: page("Pet Grooming", ["We groom cats and dogs every weekday, with gentle shampoo and a warm towel for each animal that visits us."], ["/prices"]) },
    "/prices": { body: page("Prices", ["A full groom costs forty euros and a nail trim costs ten euros for every size of dog or cat."]) },
  });
}

/**
 * A bakery whose hours page states each day's hours as a short line, as such pages do, with its prices and
 * its address and phone number on pages of their own: the quality score's questions of the pages' facts
 * (docs/decisions/131-questions-from-the-pages-facts.md).
 */
export function startBakerySite() {
  return startTestSite({
    "/": { body: page("Sunny Bakery", ["Fresh bread and cakes baked every morning in our own ovens, sold in our little shop in the old town."], ["/hours", "/prices", "/contact"]) },
    "/hours": { body: page("Opening hours", ["Our bakery opens early so you can pick up fresh bread on your way to work.", "Monday to Friday: 7am – 6pm", "Saturday: 8am – 1pm", "Sunday: closed"]) },
    "/prices": { body: page("Prices", ["A sourdough loaf costs €4.50 and a croissant costs €1.80.", "Birthday cakes are made to order for every taste."]) },
    "/contact": { body: page("Contact", ["Our shop is at 5 Mill Lane, in the old town of Bath.", "Call us on 01225 555 0142 to order a cake."]) },
  });
}

/** Two paragraphs about `topic`, as each page of the shop has. */
export const shopParagraphs = (topic: string) => [`${topic}: this page explains ${topic} in plain words for our customers.`, `More about ${topic}, with the details people ask about most often.`];

/** The small bicycle shop of the grounding tests (docs/decisions/051-grounded-or-honest-answers.md): a home page and five pages, each titled for what it is about. */
export const VELO_SHOP: Record<string, { title: string; body: string[] }> = {
  "/": { title: "Velo Shop", body: shopParagraphs("bicycles for the city") },
  "/contact": { title: "Contact", body: ["Our shop is at 12 Harbour Street, Bristol.", ...shopParagraphs("visiting the shop")] },
  "/delivery": { title: "Delivery", body: shopParagraphs("delivery of bicycles") },
  "/loaners": { title: "Loaner bikes", body: shopParagraphs("loaner bikes during repairs") },
  "/gift-cards": { title: "Gift cards", body: shopParagraphs("gift cards") },
  "/repairs": { title: "Repairs", body: shopParagraphs("repairs and servicing") },
};

/** A page of the shop served with validators (ETag, Last-Modified: `conditional`), linking to `links`. */
export function shopRoute(path: string, links: string[] = ["/"], lastModified?: Date) {
  const { title, body } = VELO_SHOP[path]!;
  return conditional({ body: page(title, body, links) }, lastModified);
}

/** The shop's `paths` (all of them by default) on a real site, linked only from the home page (no sitemap). */
export async function startShopSite(paths = Object.keys(VELO_SHOP)) {
  const site = await startTestSite();
  for (const path of paths) site.route(path, shopRoute(path, path === "/" ? paths.filter((p) => p !== "/") : ["/"]));
  return site;
}

/**
 * A client workspace's chatbot trained from `site` by a real crawl (workers must run): its website
 * source once the crawl settled, trained or failed, for the test to check.
 */
export async function chatbotTrainedFrom(db: Db, owner: { agency: { id: string; ownerId: string }; user: { id: string } }, site: { url(path: string): string }) {
  const team = await clientWorkspace(db, owner.agency);
  const bot = await chatbot(db, team.id, owner.user.id);
  const { id } = await createSource(db, bot, { type: "website", url: site.url("/") });
  const website = await waitFor(async () => {
    const s = await db.source.findUniqueOrThrow({ where: { id } });
    return s.status === "trained" || s.status === "failed" ? s : null;
  }, 60_000, "the crawl to finish");
  return { team, bot, website };
}
