/** The chatbots capability's public surface: other capabilities and the transports import only this (lint: import/no-restricted-paths). */
export { myChatbotsRouter } from "./my-chatbots-router";
export { loadPublicChatbot } from "./public-chatbot";
export type { PublicChatbot } from "./public-chatbot";
export { chatbotsRouter } from "./router";
export { GPT_MODELS, LANGUAGES, LIMITS, POSITIONS, SIZES, chatbotSettingsFields, chatbotSettingsSchema, createChatbotInput, settingsFormValues } from "./settings-rules";
export type { ChatbotSettingsForm, ChatbotSettingsValues } from "./settings-rules";
export { SUGGESTED_MESSAGE_LIMITS, suggestedMessageSchema } from "./suggested-message-rules";
export type { SuggestedMessageForm, SuggestedMessageValues } from "./suggested-message-rules";
export { UPDATED_ANSWER_LIMITS, updatedAnswerSchema } from "./updated-answer-rules";
export type { UpdatedAnswerForm } from "./updated-answer-rules";
export { widgetConfig } from "./widget-config";
export { allowedDomain, originAllowed } from "./widget-embedding";
export { widgetPageHeaders } from "./widget-frame-headers";
export { deadEndOf, leadsWhenStopped, loadLeadTakingChatbot, panelState, panelWords } from "./panel-state";
export { greetingOf, greetingSchema } from "./greeting-rules";
export { listUpdatedAnswers } from "./updated-answers";
// The templates' writer (templates/write-state.ts) changes a chatbot through these, as the dashboard does.
export { serializeChatbotSettings } from "./settings-serializer";
export { setChatbotGreeting, updateChatbotSettings } from "./settings";
export { createSuggestedMessage, deleteSuggestedMessage, updateSuggestedMessage } from "./suggested-messages";
export { createUpdatedAnswer, deleteUpdatedAnswer, updateUpdatedAnswer } from "./updated-answers";
