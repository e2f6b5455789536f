"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { ChatbotOverview } from "@/components/chatbots/types";

const ChatbotContext = createContext<ChatbotOverview | null>(null);

/** The chatbot of the current page and what the signed-in user may do with it (resolved by the server layout). */
export function ChatbotProvider({ value, children }: { value: ChatbotOverview; children: ReactNode }) {
  return <ChatbotContext.Provider value={value}>{children}</ChatbotContext.Provider>;
}

export function useChatbot(): ChatbotOverview {
  const value = useContext(ChatbotContext);
  if (!value) throw new Error("useChatbot() outside a chatbot page");
  return value;
}
