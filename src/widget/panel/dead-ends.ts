import type { DeadEnd } from "./types";

/**
 * What a visitor reads when the chat cannot go on (issue 27), in the chatbot's voice: plain words, no
 * internal reason (billing, a pause by the agency), no link into the app. Pure; the panel shows them and
 * their unit test holds them free of links.
 */
export interface DeadEndText {
  title: string;
  body: string;
}

export function deadEndText(reason: DeadEnd | "no-credits", name: string | null, leadForm: boolean): DeadEndText {
  const leave = "Leave your details and someone from the team will get back to you.";
  switch (reason) {
    case "unknown":
      return { title: "This chat isn\u2019t available", body: "The link may be mistyped, or this chat has been removed." };
    case "interrupted":
      return { title: "This chat is unavailable for a moment", body: "Please try again in a minute." };
    case "paused":
      return { title: `${name} is taking a break`, body: leadForm ? `I can\u2019t answer questions right now. ${leave}` : "I can\u2019t answer questions right now. Please come back a little later." };
    case "no-credits":
      return { title: `${name} can\u2019t answer right now`, body: leadForm ? `I can\u2019t take new questions at the moment. ${leave}` : "I can\u2019t take new questions at the moment. Please come back a little later." };
    case "unavailable":
    case "suspended":
      // Only a paused or suspended chatbot offers the form here (chatbots/panel-state.ts leadsWhenStopped).
      return { title: `${name} isn\u2019t available`, body: leadForm ? `I\u2019m not answering questions at the moment. ${leave}` : "I\u2019m not answering questions at the moment. Please come back later." };
  }
}
