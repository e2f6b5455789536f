/** The conversations capability's public surface: other capabilities and the transports import only this (lint: import/no-restricted-paths). */
export { chatInput, chatbotChatRouter, serializeAnswer } from "./chat-router";
export { answerQuestion } from "./engine";
export { SEND_ESCALATION_EMAIL, sendEscalationEmailTask } from "./escalation-email-job";
export { recordWidgetFeedback, widgetFeedbackSchema } from "./feedback";
export { inboxCountsSql } from "./inbox-counts";
export { recordWidgetLinkClick, widgetLinkClickSchema } from "./link-clicks";
export { chatbotConversationsRouter } from "./router";
export { issueVisitorKey, ownConversationId, visitorFromToken, visitorKeyFromToken } from "./visitors";
export { widgetChatSchema } from "./widget-chat-input";
