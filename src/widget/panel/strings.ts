/**
 * Every word the panel itself writes for a visitor, in English: the one place a translation will replace.
 * The chatbot's own words (its name, welcome message, placeholder, sources label, lead form labels, suggested
 * messages) come with its config; the server's messages (a 422's errors, a lead's thank-you) come as they are.
 */
const leave = "Leave your details and someone from the team will get back to you.";

export const STRINGS = {
  untitled: "Chat",
  needsJavaScript: "This chat needs JavaScript.",
  closeChat: "Close chat",
  poweredBy: "Powered by Agency Chatbot Platform",
  conversation: "Conversation",
  message: "Message",
  sendMessage: "Send message",
  newChat: "New chat",
  offline: "You\u2019re offline. Messages can be retried once the connection is back.",
  suggestedQuestions: "Suggested questions",
  you: "You: ",
  assistant: "Assistant: ",
  writing: "Writing an answer",
  notSent: "Not sent. ",
  retry: "Retry",
  rateAnswer: "Rate this answer",
  helpful: "Helpful",
  notHelpful: "Not helpful",
  leaveDetails: "Leave your details",
  leaveDetailsUnanswered: "Leave your details and we\u2019ll get back to you",
  talkToPerson: "Talk to a person",
  teamMember: "Team member",
  teamMemberSays: "Team member: ",
  /** A bare URL in an answer, as a screen reader says it. */
  linkTo: (host: string) => `a link to ${host}`,
  // Asking for a person (record 058): the status bar, the notices in the conversation, a failed request.
  withPerson: "You\u2019re chatting with a person from the team.",
  personAsked: "A person from the team has been asked to join. You can keep writing.",
  nobodyAround: "No one from the team is available right now. You can leave your details.",
  waitingNotice: "We\u2019ve asked a person from the team to join. You can keep writing here.",
  unattendedNotice: "No one from the team is available right now. Leave your details and we\u2019ll get back to you.",
  teamUnreachable: "Couldn't reach the team. Please try again.",
  // The lead form (record 059).
  send: "Send",
  cancel: "Cancel",
  checkTheForm: "Please check the form.",
  thanks: "Thank you!",
  // A chat turn that did not go through.
  noCredits: "Sorry, this assistant can't answer right now. Please try again later.",
  unavailable: "This assistant is unavailable at the moment. Please try again later.",
  offlineChat: "You seem to be offline. Check your connection and try again.",
  offlineForm: "You seem to be offline. Please try again.",
  interrupted: "The answer was interrupted. Please try again.",
  wentWrong: "Something went wrong. Please try again.",
  // The dead ends (record 078), in the chatbot's voice: `leads` when its lead form shows.
  unknownTitle: "This chat isn\u2019t available",
  unknownBody: "The link may be mistyped, or this chat has been removed.",
  interruptedTitle: "This chat is unavailable for a moment",
  interruptedBody: "Please try again in a minute.",
  pausedTitle: (name: string | null) => `${name} is taking a break`,
  pausedBody: (leads: boolean) => (leads ? `I can\u2019t answer questions right now. ${leave}` : "I can\u2019t answer questions right now. Please come back a little later."),
  noCreditsTitle: (name: string | null) => `${name} can\u2019t answer right now`,
  noCreditsBody: (leads: boolean) => (leads ? `I can\u2019t take new questions at the moment. ${leave}` : "I can\u2019t take new questions at the moment. Please come back a little later."),
  stoppedTitle: (name: string | null) => `${name} isn\u2019t available`,
  stoppedBody: (leads: boolean) => (leads ? `I\u2019m not answering questions at the moment. ${leave}` : "I\u2019m not answering questions at the moment. Please come back later."),
};
