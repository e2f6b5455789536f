/** The conversations capability's public surface: other capabilities and the transports import only this (lint: import/no-restricted-paths). */
export { chatbotChatRouter } from "./chat-router";
export { runTurn } from "./engine";
export type { RawTurnInput, TurnCaller, TurnInput, TurnOutput, TurnSurface } from "./engine";
export { sendEscalationEmailJob } from "./escalation-email-job";
export { recordWidgetFeedback, widgetFeedbackSchema } from "./feedback";
export { inboxCountsSql } from "./inbox-counts";
export { recordWidgetLinkClick, widgetLinkClickSchema } from "./link-clicks";
export { markAgentSeen, postAgentMessage, requestPerson, updateConversationState } from "./handoff";
export { submitLeadForm, updateLeadForm } from "./lead-form";
export { DEFAULT_LEAD_FORM, leadFormOf, leadFormSchema } from "./rules/lead-form";
export type { LeadForm } from "./rules/lead-form";
export { openInboxStream, openVisitorStream } from "./live-streams";
export { chatbotConversationsRouter } from "./router";
export { inboxToolsRouter, savedRepliesRouter } from "./inbox-tools-router";
export { replySlaRemindersJob } from "./reply-sla-job";
export { issueVisitorKey, visitorFromToken, visitorKeyFromToken } from "./visitors";
export { recordDeliveryFailure } from "./delivery";
// A channel's retried event: the turn recorded under its key, if any (docs/decisions/083-channel-answers-once-across-a-crash.md).
export { recordedTurn } from "./record";
// The reply's retrieval and grounding rule, for the evaluations (docs/decisions/063-chatbot-quality-score.md): the same code the engine answers with.
export { groundedExtractive, questionLanguage, retrieveFor } from "./compose";
export { matchUpdatedAnswer, preparedSimilarity, prepareQuestion, questionSimilarity, UPDATED_ANSWER_THRESHOLD } from "./rules/updated-answer-match";
// Live chat all day (docs/decisions/122-business-hours-routing-and-ratings.md): business hours, routing, ratings.
export { handoffUnattendedJob } from "./unattended";
export { teamHoursAt, type TeamHours } from "./business-hours";
export { liveChatRouter } from "./live-chat-router";
export { recordRating, resolveByVisitor, widgetRatingSchema } from "./rating";
