import type { Db } from "@/server/kernel/db/client";
import { updateChatbotSettings } from "@/server/chatbots/settings";
import { createSuggestedMessage } from "@/server/chatbots/suggested-messages";
import { createUpdatedAnswer } from "@/server/chatbots/updated-answers";
import { addTestQuestion } from "@/server/evaluations/evaluations";
import { createSource } from "@/server/training/sources";
import { chatbot, clientWorkspace } from "./fixtures";

/** The text a dental practice's opening hours are in: what its quality questions need. */
export const HOURS_TEXT = "The practice is open Monday to Friday from 8:00 to 18:00, and on Saturday mornings from 9:00 to 12:00.";
export const QUALITY_QUESTIONS = ["What are the opening hours of the practice?", "Is the practice open on Saturday mornings?"];

/**
 * A demo dental chatbot an agency makes a template of (tests/contract/templates.test.ts, the e2e journey,
 * the bench), built through the same services as the dashboard: a site (`site`: its URL becomes
 * `{client_website}`), the opening hours as a text, a suggested message, an updated answer, the Quality tab's
 * questions about the hours, and a welcome message and prompt naming `{client_name}`.
 */
export async function demoDentalChatbot(db: Db, owner: { agency: { id: string; ownerId: string }; user: { id: string } }, site: string | null) {
  const team = await clientWorkspace(db, owner.agency, "Demo Dental");
  const bot = await chatbot(db, team.id, owner.user.id, "Dental demo");
  await updateChatbotSettings(db, bot, { welcome_message: "Welcome to {client_name}! How can we help?", system_prompt: "You are the friendly assistant of {client_name}, a dental practice." });
  if (site) await createSource(db, bot, { type: "website", url: site });
  const hours = await createSource(db, bot, { type: "text", title: "Opening hours", text: HOURS_TEXT });
  await createSuggestedMessage(db, bot.id, { type: "message", name: "Opening hours", prompt: "When are you open?", url: "", action_id: "" });
  await createUpdatedAnswer(db, bot.id, { question: "Do you take new patients?", suggested_answer: "Yes, {client_name} welcomes new patients." });
  for (const question of QUALITY_QUESTIONS) await addTestQuestion(db, bot.id, { question });
  return { team, bot, hours };
}
