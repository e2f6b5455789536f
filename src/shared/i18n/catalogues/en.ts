/**
 * Every word a visitor reads that is not the chatbot's own (record 117), in English: the catalogue whose keys
 * every other language has, exactly (catalogues.test.ts). `{name}`-style placeholders are filled by `fill`.
 * Keep each text short and plain; a translation says the same thing as a person of that language would.
 */
export const en = {
  /** The panel's own words (src/widget/panel), sent with its page's data in the chatbot's language. */
  panel: {
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
    linkTo: "a link to {host}",
    // Asking for a person (record 058): the status bar, the notices in the conversation, a failed request.
    withPerson: "You\u2019re chatting with a person from the team.",
    personAsked: "A person from the team has been asked to join. You can keep writing.",
    nobodyAround: "No one from the team is available right now. You can leave your details.",
    waitingNotice: "We\u2019ve asked a person from the team to join. You can keep writing here.",
    unattendedNotice: "No one from the team is available right now. Leave your details and we\u2019ll get back to you.",
    teamUnreachable: "Couldn't reach the team. Please try again.",
    // Business hours and the rating of a resolved conversation (record 122).
    backAt: "Back at {time}",
    backOn: "Back {day} at {time}",
    weAreOnline: "We\u2019re online",
    outsideHoursNotice: "The team is away right now ({back}). Leave your details and we\u2019ll get back to you.",
    thatAnswered: "That answered my question",
    rateConversation: "How was this conversation?",
    ratingScore: "{score} out of 5",
    ratingComment: "Comment (optional)",
    sendRating: "Send rating",
    ratingThanks: "Thank you for your rating!",
    ratingFailed: "Your rating wasn\u2019t sent. Please try again.",
    resolvedBy: "Marked resolved by {name}.",
    resolvedByTeam: "Marked resolved by the team.",
    // The lead form (record 059).
    send: "Send",
    cancel: "Cancel",
    checkTheForm: "Please check the form.",
    thanks: "Thank you!",
    // A chat turn that did not go through.
    noCredits: "Sorry, this assistant can't answer right now. Please try again later.",
    unavailable: "This assistant is unavailable at the moment. Please try again later.",
    tooQuick: "You're sending messages a little too quickly. Please wait a moment and try again.",
    offlineChat: "You seem to be offline. Check your connection and try again.",
    offlineForm: "You seem to be offline. Please try again.",
    interrupted: "The answer was interrupted. Please try again.",
    wentWrong: "Something went wrong. Please try again.",
    // The dead ends (record 078), in the chatbot's voice; `…Leads` when its lead form shows.
    unknownTitle: "This chat isn\u2019t available",
    unknownBody: "The link may be mistyped, or this chat has been removed.",
    interruptedTitle: "This chat is unavailable for a moment",
    interruptedBody: "Please try again in a minute.",
    pausedTitle: "{name} is taking a break",
    pausedBody: "I can\u2019t answer questions right now. Please come back a little later.",
    pausedBodyLeads: "I can\u2019t answer questions right now. Leave your details and someone from the team will get back to you.",
    noCreditsTitle: "{name} can\u2019t answer right now",
    noCreditsBody: "I can\u2019t take new questions at the moment. Please come back a little later.",
    noCreditsBodyLeads: "I can\u2019t take new questions at the moment. Leave your details and someone from the team will get back to you.",
    stoppedTitle: "{name} isn\u2019t available",
    stoppedBody: "I\u2019m not answering questions at the moment. Please come back later.",
    stoppedBodyLeads: "I\u2019m not answering questions at the moment. Leave your details and someone from the team will get back to you.",
  },
  /** The loader's words on the host page (src/widget/loader.ts), sent with the widget's config. */
  loader: {
    openChat: "Open chat: {name}",
    closeChat: "Close chat: {name}",
    chatWith: "Chat with {name}",
    hideChat: "Hide chat",
    dismissGreeting: "Dismiss greeting",
  },
  /** A new chatbot's texts; an untouched one is served in the chatbot's language (chatbot-texts.ts). */
  chatbot: {
    welcomeMessage: "Hi! How can I help you today?",
    placeholder: "Ask me anything...",
    sourcesLabel: "Sources",
    defaultAnswer: "I'm sorry, I don't know the answer to that yet.",
  },
  /** The default lead form's labels, its checks and its thank-you (conversations' lead form, record 059). */
  leadForm: {
    nameLabel: "Your name",
    emailLabel: "Your e-mail",
    required: "{label} is required.",
    tooLong: "{label} must be at most 255 characters.",
    notEmail: "{label} must be an e-mail address.",
    notPhone: "{label} must be a phone number.",
    contactNeeded: "Leave an e-mail address or a phone number.",
    thanks: "Thank you! We\u2019ll get back to you soon.",
  },
  /** An HTTP action that failed (conversations' tools, record 076): the plain sentence the visitor gets. */
  actions: {
    failed: "Sorry, I couldn't get that done right now. Please try again in a moment.",
    failedNamed: "Sorry, I couldn't get that done right now: the {names} service did not work. Please try again in a moment.",
  },
};

/** The shape every catalogue has: the English one's sections and keys, each a text. */
export type Messages = { [S in keyof typeof en]: { [K in keyof (typeof en)[S]]: string } };
