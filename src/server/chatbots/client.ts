/** What the chatbots capability shares with the browser: pure rules and types, no I/O (imported by src/components). */
export { GPT_MODELS, LANGUAGES, LIMITS, POSITIONS, SIZES, chatbotSettingsFields, chatbotSettingsSchema, createChatbotInput, settingsFormValues } from "./settings-rules";
export type { ChatbotSettingsForm, ChatbotSettingsValues } from "./settings-rules";
export { SUGGESTED_MESSAGE_LIMITS, SUGGESTED_MESSAGE_TYPES, suggestedMessageSchema } from "./suggested-message-rules";
export type { SuggestedMessageAction, SuggestedMessageForm, SuggestedMessageType, SuggestedMessageValues } from "./suggested-message-rules";
export { UPDATED_ANSWER_LIMITS, updatedAnswerSchema } from "./updated-answer-rules";
export type { UpdatedAnswerForm } from "./updated-answer-rules";
export { GREETING_LIMITS, greetingSchema } from "./greeting-rules";
export type { Greeting } from "./greeting-rules";
