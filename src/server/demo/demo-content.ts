/**
 * Static text tables behind the demo data (see `seed.ts`): one agency, four
 * client workspaces, their chatbots and what their visitors ask. Only words
 * and numbers live here; dates and traffic are generated in `seed.ts`.
 */

import { INTEGRATIONS, type Integration } from "@/server/workspaces";
import { AI_ACTIONS, HUBSPOT, INTERCOM, MICROSOFT_TEAMS, SLACK, TELEGRAM, WHATSAPP } from "@/shared/integrations";

/** Every integration of the contract: the demo agency's plan includes them all. */
export const ALL_INTEGRATIONS = INTEGRATIONS;

export const DEMO_AGENCY = {
  name: "Northwind Digital",
  plan: "agency",
  workspaceLimit: 25,
  monthlyMessagePool: 50_000,
  createdDaysAgo: 120,
} as const;

export interface TopicContent {
  /** Conversation category shown in analytics. */
  name: string;
  /** Relative share of conversations. */
  weight: number;
  /** Chance that the assistant answers a question of this topic from its sources. */
  answerRate: number;
  questions: readonly string[];
  answers: readonly string[];
  followUps: readonly string[];
  /** Path of the site page the answer cites, if any (one of the chatbot's `links`). */
  link?: string;
}

export type SuggestedContent =
  | { type: "message"; name: string; prompt: string }
  | { type: "link"; name: string; url: string };

export interface SourceContent {
  type: "website" | "sitemap" | "text";
  indexer: "crawler" | "manual";
  url?: string;
  title: string;
  status: "pending" | "crawling" | "training" | "trained" | "failed";
  statusReason?: string;
  syncFrequency: "never" | "daily" | "weekly" | "monthly";
  /** How long ago the source was added. */
  createdDaysAgo: number;
  /** Text indexed for retrieval with the demo data, so the playground answers something real. */
  sections?: readonly { heading: string; text: string }[];
}

export interface ChatbotContent {
  name: string;
  type: "website" | "custom";
  description: string;
  welcomeMessage: string;
  placeholder: string;
  accentColor: string;
  launcherText: string | null;
  /** Site the widget runs on (website chatbots), also the base of its links. */
  domain: string;
  domainVerified: boolean;
  systemPrompt: string;
  defaultAnswer: string;
  enableEscalations: boolean;
  escalationsEmail: string;
  createdDaysAgo: number;
  /** Mean conversations per day at the end of the 90-day window. */
  dailyConversations: number;
  /** Share of visitors who leave their contact details. */
  leadRate: number;
  suggested: readonly SuggestedContent[];
  sources: readonly SourceContent[];
  updatedAnswers: readonly { question: string; suggestedAnswer: string }[];
  links: readonly { path: string; title: string }[];
  topics: readonly TopicContent[];
}

export interface WorkspaceContent {
  name: string;
  externalReference: string;
  createdDaysAgo: number;
  status: "active" | "paused" | "suspended";
  pauseMode: "soft" | "hard" | null;
  /** Days before `now` the workspace was paused or suspended. */
  pausedDaysAgo: number | null;
  /** Days before `now` the credits ran out (only when exhausted). */
  exhaustedDaysAgo: number | null;
  messageLimit: number | null;
  messagesUsed: number;
  topupCredits: number;
  sourceLimit: number | null;
  chatbotLimit: number | null;
  enabledIntegrations: readonly Integration[];
  admin: { name: string; email: string };
  /** Another user with a narrower role, if any. */
  extraUser?: { name: string; email: string; role: "editor" | "member" };
  chatbots: readonly ChatbotContent[];
}

export const COUNTRIES: readonly { name: string; code: string; weight: number }[] = [
  { name: "United States", code: "US", weight: 30 },
  { name: "United Kingdom", code: "GB", weight: 15 },
  { name: "Canada", code: "CA", weight: 10 },
  { name: "Australia", code: "AU", weight: 8 },
  { name: "Germany", code: "DE", weight: 8 },
  { name: "India", code: "IN", weight: 7 },
  { name: "France", code: "FR", weight: 6 },
  { name: "Ireland", code: "IE", weight: 5 },
  { name: "Netherlands", code: "NL", weight: 5 },
  { name: "Spain", code: "ES", weight: 4 },
  { name: "Brazil", code: "BR", weight: 2 },
];

export const FIRST_NAMES = [
  "Emma", "Liam", "Olivia", "Noah", "Ava", "Lucas", "Mia", "Ethan", "Sophia", "Mateo", "Isla", "Leo",
  "Chloe", "Arjun", "Hannah", "Jonas", "Priya", "Oscar", "Grace", "Finn", "Zoe", "Marco", "Aisha", "Theo",
] as const;

export const LAST_NAMES = [
  "Smith", "Johnson", "Brown", "Garcia", "Miller", "Wilson", "Taylor", "Anderson", "Thomas", "Moore",
  "Martin", "Lee", "Walker", "Hall", "Young", "King", "Wright", "Lopez", "Hill", "Green", "Patel", "Murphy",
  "Schmidt", "Dubois",
] as const;

export const EMAIL_DOMAINS = ["gmail.example", "outlook.example", "yahoo.example", "icloud.example", "proton.example"] as const;

/** Last user turns that close a conversation, with the assistant's reply. */
export const CLOSERS: readonly string[] = [
  "Great, thank you!",
  "Perfect, thanks.",
  "OK, that helps.",
  "Thanks for your help!",
  "Awesome, appreciate it.",
];
export const CLOSER_REPLY = "You're welcome! Is there anything else I can help you with?";

export const HUMAN_REQUESTS: readonly string[] = [
  "Can I talk to a real person?",
  "I'd like to speak to someone from the team, please.",
  "Is there a human I can talk to?",
  "This isn't helping, can someone call me back?",
];
export const HUMAN_REQUEST_REPLY =
  "I've passed your message on to the team. Someone will get back to you as soon as possible.";

export const ESCALATION_REASONS = {
  human: "visitor asked for a human",
  unanswered: "repeated unanswered questions",
} as const;

// ---------------------------------------------------------------------------
// Bloom Florists

const bloomAssistant: ChatbotContent = {
  name: "Bloom Assistant",
  type: "website",
  description: "Answers shoppers' questions about bouquets, delivery and orders on bloomflorists.example.",
  welcomeMessage: "Hi there! 🌷 Looking for the perfect bouquet? Ask me about delivery, orders or flower care.",
  placeholder: "Ask about delivery, orders, flower care…",
  accentColor: "linear-gradient(135deg, #6366f1, #ec4899)",
  launcherText: "Questions? Chat with us",
  domain: "www.bloomflorists.example",
  domainVerified: true,
  systemPrompt:
    "You are Bloom Florists' friendly shop assistant. Answer only from the provided sources, keep answers short and suggest a bouquet when it fits.",
  defaultAnswer: "I'm not sure about that one. Our florists can help at hello@bloomflorists.example or 555-0142.",
  enableEscalations: true,
  escalationsEmail: "hello@bloomflorists.example",
  createdDaysAgo: 105,
  dailyConversations: 14,
  leadRate: 0.05,
  suggested: [
    { type: "message", name: "Same-day delivery", prompt: "Do you offer same-day delivery?" },
    { type: "message", name: "Opening hours", prompt: "What are your opening hours?" },
    { type: "message", name: "Track my order", prompt: "How can I track my order?" },
    { type: "link", name: "Shop bouquets", url: "https://www.bloomflorists.example/shop" },
  ],
  sources: [
    { type: "website", indexer: "crawler", url: "https://www.bloomflorists.example", title: "bloomflorists.example", status: "trained", syncFrequency: "weekly", createdDaysAgo: 105 },
    { type: "sitemap", indexer: "crawler", url: "https://www.bloomflorists.example/sitemap.xml", title: "Sitemap", status: "trained", syncFrequency: "daily", createdDaysAgo: 104 },
    {
      type: "text",
      indexer: "manual",
      title: "Delivery & refund policy",
      status: "trained",
      syncFrequency: "never",
      createdDaysAgo: 98,
      sections: [
        {
          heading: "Delivery",
          text: "We deliver bouquets every day from 8am to 6pm within the city centre. Same-day delivery is available for orders placed before 1pm. Delivery costs $6.95, and it is free for orders over $60. Sunday delivery costs $9.95 and must be ordered before 10am on Saturday.",
        },
        {
          heading: "Opening hours",
          text: "Our shop at 12 Garden Street is open Monday to Saturday from 9am to 7pm and on Sunday from 10am to 2pm. You can pick up online orders in the shop during opening hours.",
        },
        {
          heading: "Refunds",
          text: "If your flowers arrive damaged or wilted, send us a photo within 24 hours and we replace the bouquet or refund you in full. Subscriptions can be paused or cancelled at any time before the next delivery date.",
        },
        {
          heading: "Flower care",
          text: "Trim the stems by two centimetres at an angle and change the water every two days. Keep bouquets away from direct sunlight, radiators and ripening fruit, and they will last seven to ten days.",
        },
      ],
    },
  ],
  updatedAnswers: [
    { question: "Do you deliver on Sundays?", suggestedAnswer: "Yes! Sunday delivery is available in the city centre for orders placed before 10am on Saturday, for a $9.95 fee." },
    { question: "Can I add a card message?", suggestedAnswer: "Of course. Every order includes a free handwritten card; add your message at checkout (up to 300 characters)." },
    { question: "Are your flowers locally grown?", suggestedAnswer: "About 70% of our stems come from growers within 150 miles; the rest are Fairtrade-certified imports." },
    { question: "Do you have vase options?", suggestedAnswer: "Yes, you can add a glass or ceramic vase from $12 on any bouquet page." },
  ],
  links: [
    { path: "/shop", title: "Shop bouquets" },
    { path: "/delivery", title: "Delivery information" },
    { path: "/orders/track", title: "Track your order" },
    { path: "/care-guide", title: "Flower care guide" },
    { path: "/subscriptions", title: "Flower subscriptions" },
    { path: "/pricing", title: "Pricing" },
    { path: "/contact", title: "Contact us" },
  ],
  topics: [
    {
      name: "Delivery", weight: 30, answerRate: 0.9, link: "/delivery",
      questions: [
        "Do you offer same-day delivery?",
        "What areas do you deliver to?",
        "How much is delivery?",
        "Can I choose a delivery time slot?",
        "Do you deliver to hospitals?",
      ],
      answers: [
        "Yes! Orders placed before 1pm Monday to Saturday are delivered the same day within the city. Delivery is $7.95, free over $60.",
        "We deliver across the metro area and surrounding suburbs. Enter your postcode at checkout to see available dates.",
        "You can pick a morning (9–12) or afternoon (12–5) slot at checkout. Exact times aren't guaranteed on busy days like Valentine's Day.",
      ],
      followUps: ["What about Sundays?", "Is delivery free for bigger orders?", "Can you deliver to an office address?"],
    },
    {
      name: "Orders & tracking", weight: 20, answerRate: 0.85, link: "/orders/track",
      questions: [
        "How can I track my order?",
        "I haven't received my order confirmation.",
        "Can I change the delivery address on my order?",
        "Can I cancel my order?",
      ],
      answers: [
        "You can track your order with the link in your confirmation email or on our Track your order page using your order number.",
        "Changes and cancellations are possible until 8am on the delivery day. Reply to your confirmation email or call us on 555-0142.",
      ],
      followUps: ["Where do I find my order number?", "What if nobody is home?"],
    },
    {
      name: "Opening hours", weight: 12, answerRate: 0.95, link: "/contact",
      questions: ["What are your opening hours?", "Is the shop open on Sunday?", "Are you open on public holidays?"],
      answers: [
        "Our shop at 14 Market Street is open Monday to Friday 8am–6pm, Saturday 9am–4pm and Sunday 10am–2pm.",
      ],
      followUps: ["Can I pick up my order in store?", "Is there parking nearby?"],
    },
    {
      name: "Flower care", weight: 12, answerRate: 0.8, link: "/care-guide",
      questions: [
        "How do I make my roses last longer?",
        "My tulips are drooping, what should I do?",
        "How often should I change the water?",
      ],
      answers: [
        "Trim the stems at an angle, use the flower food sachet and change the water every two days. Keep the vase away from direct sun and fruit.",
      ],
      followUps: ["Should I remove the leaves?", "Is the flower food safe for cats?"],
    },
    {
      name: "Subscriptions", weight: 8, answerRate: 0.85, link: "/subscriptions",
      questions: ["Do you have a flower subscription?", "Can I pause my subscription?", "How much is the monthly bouquet?"],
      answers: [
        "Our seasonal subscription delivers a fresh bouquet weekly, fortnightly or monthly from $39 per delivery. You can pause or cancel any time from your account.",
      ],
      followUps: ["Can I gift a subscription?", "Can I skip a week?"],
    },
    {
      name: "Pricing", weight: 10, answerRate: 0.75, link: "/pricing",
      questions: ["How much are your bouquets?", "Do you have anything under $40?", "Do you offer student discounts?"],
      answers: [
        "Our bouquets start at $35 for the petite size; most classic arrangements are $55–$90. See the Pricing page for all sizes.",
      ],
      followUps: ["Do you price match?", "Is there a discount code?"],
    },
    {
      name: "Refunds & complaints", weight: 8, answerRate: 0.6,
      questions: [
        "My flowers arrived damaged, can I get a refund?",
        "The bouquet looks nothing like the picture.",
        "My delivery was late.",
      ],
      answers: [
        "I'm sorry to hear that! Send a photo to hello@bloomflorists.example within 48 hours and we'll replace or refund your order.",
      ],
      followUps: ["How long does a refund take?", "Can I get a replacement instead?"],
    },
  ],
};

const weddingConcierge: ChatbotContent = {
  name: "Wedding Flowers Concierge",
  type: "custom",
  description: "Helps couples plan wedding and event flowers and book a consultation.",
  welcomeMessage: "Congratulations! 💐 Tell me about your big day and I'll help you plan the flowers.",
  placeholder: "Ask about packages, consultations, seasonal flowers…",
  accentColor: "#db2777",
  launcherText: null,
  domain: "www.bloomflorists.example",
  domainVerified: false,
  systemPrompt:
    "You are Bloom Florists' wedding concierge. Be warm, answer from the provided sources and invite couples to book a free consultation.",
  defaultAnswer: "That's a great question for our wedding team. Book a free consultation and we'll go through it together.",
  enableEscalations: false,
  escalationsEmail: "",
  createdDaysAgo: 62,
  dailyConversations: 5,
  leadRate: 0.12,
  suggested: [
    { type: "message", name: "Wedding packages", prompt: "What wedding packages do you offer?" },
    { type: "message", name: "Book a consultation", prompt: "How do I book a consultation?" },
    { type: "link", name: "See our weddings", url: "https://www.bloomflorists.example/weddings" },
  ],
  sources: [
    { type: "website", indexer: "crawler", url: "https://www.bloomflorists.example/weddings", title: "Weddings at Bloom", status: "trained", syncFrequency: "monthly", createdDaysAgo: 62 },
    { type: "text", indexer: "manual", title: "Wedding price list 2026", status: "trained", syncFrequency: "never", createdDaysAgo: 40 },
    { type: "text", indexer: "manual", title: "Seasonal flowers guide", status: "pending", syncFrequency: "never", createdDaysAgo: 0 },
  ],
  updatedAnswers: [
    { question: "Do you do destination weddings?", suggestedAnswer: "We travel up to 100 miles for weddings with a floral budget above $2,500. Beyond that, ask us about partner florists." },
    { question: "Can we reuse ceremony flowers at the reception?", suggestedAnswer: "Yes, our team can move arch and aisle arrangements to the reception for a $150 styling fee." },
    { question: "How far in advance should we book?", suggestedAnswer: "We recommend booking 6–9 months ahead, especially for May to September dates." },
  ],
  links: [
    { path: "/weddings", title: "Wedding flowers" },
    { path: "/weddings/packages", title: "Wedding packages" },
    { path: "/weddings/consultation", title: "Book a consultation" },
    { path: "/weddings/gallery", title: "Wedding gallery" },
  ],
  topics: [
    {
      name: "Wedding packages", weight: 30, answerRate: 0.9, link: "/weddings/packages",
      questions: [
        "What wedding packages do you offer?",
        "What's included in the Classic package?",
        "Do you do bridesmaid bouquets?",
      ],
      answers: [
        "We have three packages: Petite ($950), Classic ($1,900) and Grand (from $3,500). All include the bridal bouquet, buttonholes and table centrepieces.",
      ],
      followUps: ["Can we customise a package?", "Do packages include delivery and setup?"],
    },
    {
      name: "Consultations", weight: 25, answerRate: 0.95, link: "/weddings/consultation",
      questions: ["How do I book a consultation?", "Is the consultation free?", "Can we do a video consultation?"],
      answers: [
        "Consultations are free and take about 45 minutes, in our studio or by video call. Pick a time on our Book a consultation page.",
      ],
      followUps: ["What should we bring?", "Are evening slots available?"],
    },
    {
      name: "Seasonal flowers", weight: 20, answerRate: 0.6,
      questions: ["Are peonies available in September?", "What flowers are in season in winter?", "Can we have dahlias in June?"],
      answers: ["Peonies are at their best from May to early July. For autumn weddings we love dahlias, garden roses and chrysanthemums."],
      followUps: ["What would you suggest instead?", "Do imported flowers cost more?"],
    },
    {
      name: "Deposits & payments", weight: 15, answerRate: 0.8,
      questions: ["How much is the deposit?", "When is the final payment due?", "Is the deposit refundable?"],
      answers: ["A 25% deposit secures your date; the balance is due 4 weeks before the wedding. Deposits are refundable up to 6 months before."],
      followUps: ["Can we pay in instalments?"],
    },
    {
      name: "Venue setup", weight: 10, answerRate: 0.7,
      questions: ["Do you set up at the venue?", "Can you decorate an arch?", "Do you collect the vases afterwards?"],
      answers: ["Yes, our team delivers, sets up on the morning of the wedding and collects hired items the next day."],
      followUps: ["Is there an extra fee for setup?"],
    },
  ],
};

// ---------------------------------------------------------------------------
// Harbor Dental

const harborHelp: ChatbotContent = {
  name: "Harbor Dental Help",
  type: "website",
  description: "Answers patients' questions about appointments, treatments and insurance.",
  welcomeMessage: "Welcome to Harbor Dental! 😁 How can we help you today?",
  placeholder: "Ask about appointments, treatments, insurance…",
  accentColor: "#0ea5e9",
  launcherText: "Need help?",
  domain: "www.harbordental.example",
  domainVerified: true,
  systemPrompt:
    "You are the virtual receptionist of Harbor Dental. Answer only from the provided sources. Never give medical diagnoses; suggest booking an appointment instead.",
  defaultAnswer: "I don't have that information. Please call our reception on 555-0199 and we'll be happy to help.",
  enableEscalations: true,
  escalationsEmail: "reception@harbordental.example",
  createdDaysAgo: 98,
  dailyConversations: 11,
  leadRate: 0.06,
  suggested: [
    { type: "message", name: "Book an appointment", prompt: "How do I book an appointment?" },
    { type: "message", name: "Opening hours", prompt: "What are your opening hours?" },
    { type: "message", name: "Dental emergency", prompt: "I have a dental emergency, what should I do?" },
    { type: "message", name: "Insurance", prompt: "Which insurance plans do you accept?" },
    { type: "link", name: "Pricing", url: "https://www.harbordental.example/fees" },
  ],
  sources: [
    { type: "website", indexer: "crawler", url: "https://www.harbordental.example", title: "harbordental.example", status: "trained", syncFrequency: "weekly", createdDaysAgo: 98 },
    { type: "sitemap", indexer: "crawler", url: "https://www.harbordental.example/sitemap.xml", title: "Sitemap", status: "training", syncFrequency: "daily", createdDaysAgo: 0 },
    { type: "text", indexer: "manual", title: "Insurance plans we accept", status: "trained", syncFrequency: "never", createdDaysAgo: 90 },
    { type: "website", indexer: "crawler", url: "https://www.harbordental.example/blog", title: "Harbor Dental blog", status: "trained", syncFrequency: "monthly", createdDaysAgo: 75 },
  ],
  updatedAnswers: [
    { question: "Do you treat children?", suggestedAnswer: "Yes, we see children from their first tooth. Dr. Patel runs a kids' clinic on Wednesday afternoons." },
    { question: "Is there parking?", suggestedAnswer: "Free parking is available behind the practice, entrance on Dock Lane. There are two accessible spaces at the front." },
    { question: "How much is teeth whitening?", suggestedAnswer: "In-chair whitening is $450 and take-home trays are $290, including a follow-up check." },
    { question: "Do you offer payment plans?", suggestedAnswer: "Treatments over $600 can be split into 6 or 12 interest-free monthly payments." },
    { question: "What is your cancellation policy?", suggestedAnswer: "Please give us at least 24 hours' notice. Late cancellations and missed appointments may be charged $50." },
  ],
  links: [
    { path: "/book", title: "Book an appointment" },
    { path: "/fees", title: "Fees" },
    { path: "/insurance", title: "Insurance" },
    { path: "/emergency", title: "Dental emergencies" },
    { path: "/treatments", title: "Treatments" },
    { path: "/contact", title: "Find us" },
  ],
  topics: [
    {
      name: "Appointments", weight: 30, answerRate: 0.9, link: "/book",
      questions: [
        "How do I book an appointment?",
        "Can I reschedule my appointment?",
        "Do you have any appointments this week?",
        "How long is a check-up?",
      ],
      answers: [
        "You can book online 24/7 on our Book an appointment page or call reception on 555-0199. Check-ups take about 30 minutes.",
        "To reschedule, use the link in your confirmation text or call us at least 24 hours before your appointment.",
      ],
      followUps: ["Do you have Saturday appointments?", "Can I book for my whole family at once?"],
    },
    {
      name: "Opening hours", weight: 12, answerRate: 0.95, link: "/contact",
      questions: ["What are your opening hours?", "Are you open on Saturdays?", "Are you open late on any day?"],
      answers: ["We're open Monday to Friday 8am–6pm, with late opening until 8pm on Thursdays, and Saturday 9am–1pm."],
      followUps: ["Is there parking?", "Which bus stops nearby?"],
    },
    {
      name: "Insurance", weight: 18, answerRate: 0.7, link: "/insurance",
      questions: [
        "Which insurance plans do you accept?",
        "Do you accept Delta Dental?",
        "Will my insurance cover a crown?",
      ],
      answers: ["We accept most major PPO plans, including Delta Dental, Cigna and MetLife. We can check your coverage before treatment."],
      followUps: ["Do you bill insurance directly?", "What if I don't have insurance?"],
    },
    {
      name: "Emergencies", weight: 12, answerRate: 0.85, link: "/emergency",
      questions: [
        "I have a dental emergency, what should I do?",
        "I chipped my tooth, can you see me today?",
        "My wisdom tooth really hurts.",
      ],
      answers: ["Call us on 555-0199 as early as possible: we keep same-day emergency slots every weekday. Out of hours, call the on-call line in our voicemail."],
      followUps: ["How much is an emergency appointment?", "Should I take painkillers?"],
    },
    {
      name: "Treatments", weight: 16, answerRate: 0.75, link: "/treatments",
      questions: ["Do you do Invisalign?", "Do you offer dental implants?", "What is a deep cleaning?"],
      answers: ["We offer check-ups, hygiene, fillings, crowns, implants, whitening and Invisalign. Book a consultation to discuss your options."],
      followUps: ["How long does Invisalign take?", "Is it painful?"],
    },
    {
      name: "Pricing", weight: 12, answerRate: 0.65, link: "/fees",
      questions: ["How much is a check-up?", "How much does a filling cost?", "Do you have a membership plan?"],
      answers: ["A check-up with X-rays is $95 and a hygiene clean is $85. Our Smile Plan covers both twice a year for $19 a month."],
      followUps: ["Are there any discounts for seniors?"],
    },
  ],
};

const harborIntake: ChatbotContent = {
  name: "New Patient Intake",
  type: "custom",
  description: "Guides new patients through registration, forms and their first visit.",
  welcomeMessage: "Hi! Thinking of joining Harbor Dental? I can walk you through registering as a new patient.",
  placeholder: "Ask about registering, forms, your first visit…",
  accentColor: "linear-gradient(135deg, #06b6d4, #3b82f6)",
  launcherText: null,
  domain: "www.harbordental.example",
  domainVerified: false,
  systemPrompt: "You help new patients register with Harbor Dental. Answer from the provided sources and keep a reassuring tone.",
  defaultAnswer: "I'm not sure about that. Our team can answer it when you call 555-0199.",
  enableEscalations: false,
  escalationsEmail: "",
  createdDaysAgo: 80,
  dailyConversations: 4,
  leadRate: 0.1,
  suggested: [
    { type: "message", name: "Register as a new patient", prompt: "How do I register as a new patient?" },
    { type: "message", name: "First visit", prompt: "What happens at my first visit?" },
    { type: "link", name: "Patient forms", url: "https://www.harbordental.example/new-patients/forms" },
  ],
  sources: [
    { type: "website", indexer: "crawler", url: "https://www.harbordental.example/new-patients", title: "New patients", status: "trained", syncFrequency: "weekly", createdDaysAgo: 80 },
    { type: "text", indexer: "manual", title: "First visit checklist", status: "trained", syncFrequency: "never", createdDaysAgo: 79 },
  ],
  updatedAnswers: [
    { question: "Are you accepting new patients?", suggestedAnswer: "Yes, we're currently accepting new adult and child patients. First appointments are usually available within 2 weeks." },
    { question: "Can I transfer my records from another dentist?", suggestedAnswer: "Yes, sign the records release form and we'll request them from your previous dentist for you." },
    { question: "Do you treat nervous patients?", suggestedAnswer: "Absolutely. Let us know when booking and we'll schedule a longer, unhurried appointment. Sedation is available for some treatments." },
  ],
  links: [
    { path: "/new-patients", title: "New patients" },
    { path: "/new-patients/forms", title: "Patient forms" },
    { path: "/new-patients/first-visit", title: "Your first visit" },
  ],
  topics: [
    {
      name: "New patients", weight: 40, answerRate: 0.9, link: "/new-patients",
      questions: ["How do I register as a new patient?", "Are you accepting new patients?", "How soon can I get a first appointment?"],
      answers: ["Fill in the online registration form on our New patients page; we'll call you within one working day to book your first visit."],
      followUps: ["Can I register my kids too?", "Do I need a referral?"],
    },
    {
      name: "Forms & documents", weight: 25, answerRate: 0.85, link: "/new-patients/forms",
      questions: ["Which forms do I need to fill in?", "What should I bring to my first appointment?"],
      answers: ["Please complete the medical history and consent forms online before your visit, and bring photo ID and your insurance card."],
      followUps: ["Can I fill them in on paper?"],
    },
    {
      name: "First visit", weight: 20, answerRate: 0.85, link: "/new-patients/first-visit",
      questions: ["What happens at my first visit?", "How long is the first appointment?"],
      answers: ["Your first visit takes about 60 minutes: a full examination, X-rays if needed and a personalised treatment plan."],
      followUps: ["Will I have a cleaning the same day?"],
    },
    {
      name: "Anxiety & sedation", weight: 15, answerRate: 0.55,
      questions: ["I'm really scared of the dentist.", "Do you offer sedation?", "Can I bring someone with me?"],
      answers: ["Many of our patients feel nervous. We go at your pace, explain each step and offer sedation for some treatments."],
      followUps: ["How does sedation work?"],
    },
  ],
};

// ---------------------------------------------------------------------------
// Peak Fitness

const peakCoach: ChatbotContent = {
  name: "Peak Coach",
  type: "website",
  description: "Answers questions about memberships, classes and personal training at Peak Fitness.",
  welcomeMessage: "Hey! 💪 Ready to train? Ask me about memberships, classes or a free trial.",
  placeholder: "Ask about classes, memberships, trial passes…",
  accentColor: "#f97316",
  launcherText: "Chat with Peak",
  domain: "www.peakfitness.example",
  domainVerified: true,
  systemPrompt: "You are Peak Fitness' upbeat front-desk assistant. Answer from the provided sources and encourage visitors to try a free class.",
  defaultAnswer: "Good question! I don't know that one, but the front desk does: front@peakfitness.example.",
  enableEscalations: true,
  escalationsEmail: "front@peakfitness.example",
  createdDaysAgo: 93,
  dailyConversations: 10,
  leadRate: 0.05,
  suggested: [
    { type: "message", name: "Membership prices", prompt: "How much is a membership?" },
    { type: "message", name: "Class timetable", prompt: "What classes do you have this week?" },
    { type: "message", name: "Free trial", prompt: "Can I get a free trial pass?" },
    { type: "link", name: "Pricing", url: "https://www.peakfitness.example/pricing" },
  ],
  sources: [
    { type: "website", indexer: "crawler", url: "https://www.peakfitness.example", title: "peakfitness.example", status: "trained", syncFrequency: "weekly", createdDaysAgo: 93 },
    {
      type: "website", indexer: "crawler", url: "https://www.peakfitness.example/timetable", title: "Class timetable", status: "failed",
      statusReason: "The page returned HTTP 403 (Forbidden) when it was crawled.", syncFrequency: "daily", createdDaysAgo: 30,
    },
    { type: "text", indexer: "manual", title: "Membership terms", status: "trained", syncFrequency: "never", createdDaysAgo: 90 },
  ],
  updatedAnswers: [
    { question: "Do you have showers?", suggestedAnswer: "Yes, both changing rooms have showers, lockers and hairdryers. Bring your own padlock or buy one at reception for $5." },
    { question: "Is there an age limit?", suggestedAnswer: "Members must be 16 or older. 14–15 year olds can join supervised Teen Strength sessions." },
    { question: "Can I freeze my membership?", suggestedAnswer: "You can freeze for 1 to 3 months per year for $5 a month, for example during travel or injury." },
    { question: "Do you have a sauna?", suggestedAnswer: "Yes, a sauna and steam room are included with Premium membership." },
  ],
  links: [
    { path: "/pricing", title: "Pricing" },
    { path: "/timetable", title: "Class timetable" },
    { path: "/personal-training", title: "Personal training" },
    { path: "/free-trial", title: "Free trial pass" },
    { path: "/facilities", title: "Facilities" },
    { path: "/contact", title: "Contact & opening hours" },
  ],
  topics: [
    {
      name: "Memberships", weight: 28, answerRate: 0.9, link: "/pricing",
      questions: ["How much is a membership?", "Is there a joining fee?", "What's the difference between Standard and Premium?", "Do you have student prices?"],
      answers: [
        "Standard is $39/month (gym and classes), Premium $59/month (adds sauna, guest passes and towel service). No joining fee this month!",
        "Students get 20% off any membership with a valid student ID.",
      ],
      followUps: ["Is there a minimum contract?", "Can I bring a friend?"],
    },
    {
      name: "Class schedule", weight: 22, answerRate: 0.65, link: "/timetable",
      questions: ["What classes do you have this week?", "When is the next spin class?", "Do you have yoga on Sundays?"],
      answers: ["We run 60+ classes a week: spin, HIIT, yoga, pilates and boxing. The live timetable is on our Class timetable page."],
      followUps: ["Do I need to book classes?", "Are classes included in the membership?"],
    },
    {
      name: "Personal training", weight: 14, answerRate: 0.8, link: "/personal-training",
      questions: ["How much is personal training?", "Can I get a nutrition plan?", "Do you have female trainers?"],
      answers: ["Personal training starts at $45 per session, or $320 for a pack of 8. Every pack includes a nutrition check-in."],
      followUps: ["Can I try one session first?"],
    },
    {
      name: "Trial pass", weight: 14, answerRate: 0.95, link: "/free-trial",
      questions: ["Can I get a free trial pass?", "Can I try a class before joining?"],
      answers: ["Yes! Claim a free 3-day pass on our Free trial pass page and show the QR code at reception."],
      followUps: ["Do I need to bring anything?"],
    },
    {
      name: "Opening hours", weight: 12, answerRate: 0.95, link: "/contact",
      questions: ["What are your opening hours?", "Are you open on Christmas Day?", "Is the gym open 24/7?"],
      answers: ["The gym is open 5am–11pm on weekdays and 7am–9pm at weekends. Staffed hours are 7am–9pm every day."],
      followUps: ["When is it least busy?"],
    },
    {
      name: "Cancellations", weight: 10, answerRate: 0.5,
      questions: ["How do I cancel my membership?", "I was charged after cancelling.", "Can I get a refund for unused months?"],
      answers: ["You can cancel with 30 days' notice from your member account or at reception. Annual memberships are non-refundable."],
      followUps: ["Who can I talk to about a billing error?"],
    },
  ],
};

// ---------------------------------------------------------------------------
// Orbit Legal

const orbitIntake: ChatbotContent = {
  name: "Orbit Legal Intake",
  type: "website",
  description: "Answers first questions from prospective clients and books consultations.",
  welcomeMessage: "Welcome to Orbit Legal. How can we help? Please don't share confidential details in this chat.",
  placeholder: "Ask about consultations, fees, areas of law…",
  accentColor: "linear-gradient(135deg, #0f172a, #334155)",
  launcherText: null,
  domain: "www.orbitlegal.example",
  domainVerified: true,
  systemPrompt:
    "You are Orbit Legal's intake assistant. Answer general questions from the provided sources only. Never give legal advice; offer a consultation instead.",
  defaultAnswer: "I can't answer that here. A solicitor can help during a consultation: call 555-0111 or email intake@orbitlegal.example.",
  enableEscalations: true,
  escalationsEmail: "intake@orbitlegal.example",
  createdDaysAgo: 90,
  dailyConversations: 6,
  leadRate: 0.1,
  suggested: [
    { type: "message", name: "Book a consultation", prompt: "How do I book a consultation?" },
    { type: "message", name: "Fees", prompt: "How much do you charge?" },
    { type: "link", name: "Practice areas", url: "https://www.orbitlegal.example/practice-areas" },
  ],
  sources: [
    { type: "website", indexer: "crawler", url: "https://www.orbitlegal.example", title: "orbitlegal.example", status: "trained", syncFrequency: "monthly", createdDaysAgo: 90 },
    { type: "text", indexer: "manual", title: "Fee guide", status: "trained", syncFrequency: "never", createdDaysAgo: 88 },
    { type: "sitemap", indexer: "crawler", url: "https://www.orbitlegal.example/sitemap.xml", title: "Sitemap", status: "trained", syncFrequency: "weekly", createdDaysAgo: 85 },
  ],
  updatedAnswers: [
    { question: "Do you offer legal aid?", suggestedAnswer: "We don't take legal aid cases, but we offer a fixed-fee initial consultation for $150." },
    { question: "Do you handle immigration cases?", suggestedAnswer: "Not in-house. We refer immigration matters to our partner firm and can make an introduction." },
    { question: "Can I get a consultation in Spanish?", suggestedAnswer: "Yes, two of our solicitors speak Spanish. Mention it when booking." },
    { question: "Where is your office?", suggestedAnswer: "Our office is on the 4th floor of 200 Orbit Plaza, next to Central station. Video consultations are also available." },
  ],
  links: [
    { path: "/consultations", title: "Book a consultation" },
    { path: "/fees", title: "Fees" },
    { path: "/practice-areas", title: "Practice areas" },
    { path: "/practice-areas/family", title: "Family law" },
    { path: "/practice-areas/employment", title: "Employment law" },
    { path: "/practice-areas/wills", title: "Wills & estates" },
  ],
  topics: [
    {
      name: "Consultations", weight: 28, answerRate: 0.9, link: "/consultations",
      questions: ["How do I book a consultation?", "How long is a first meeting?", "Can I have a consultation by phone?"],
      answers: ["Initial consultations last 45 minutes, in person or by video, for a fixed fee of $150. Book on our consultations page."],
      followUps: ["What should I prepare?", "How soon can I be seen?"],
    },
    {
      name: "Fees", weight: 20, answerRate: 0.75, link: "/fees",
      questions: ["How much do you charge?", "Do you offer fixed fees?", "Do you work on a no win, no fee basis?"],
      answers: ["Many matters are fixed-fee (e.g. wills from $450). Others are billed hourly from $220; we always give a written estimate first."],
      followUps: ["Can I pay in instalments?"],
    },
    {
      name: "Family law", weight: 18, answerRate: 0.6, link: "/practice-areas/family",
      questions: ["I need help with a divorce.", "How does child custody work?", "Can you help with a prenuptial agreement?"],
      answers: ["Our family team handles divorce, separation, child arrangements and prenuptial agreements. A consultation is the best first step."],
      followUps: ["How long does a divorce take?"],
    },
    {
      name: "Employment law", weight: 14, answerRate: 0.55, link: "/practice-areas/employment",
      questions: ["I think I was unfairly dismissed.", "Can you review my settlement agreement?", "My employer hasn't paid my overtime."],
      answers: ["We advise employees on dismissal, discrimination and settlement agreements. Settlement agreement reviews are often paid by the employer."],
      followUps: ["Is there a deadline to make a claim?"],
    },
    {
      name: "Wills & estates", weight: 12, answerRate: 0.85, link: "/practice-areas/wills",
      questions: ["How much does a will cost?", "Can you help with probate?", "Can I update an existing will?"],
      answers: ["A single will is $450 and mirror wills for couples are $750. We also handle probate and estate administration."],
      followUps: ["Do you store the original will?"],
    },
    {
      name: "Documents needed", weight: 8, answerRate: 0.7,
      questions: ["What documents should I bring?", "Do I need ID for the first meeting?"],
      answers: ["Please bring photo ID, proof of address and any letters or contracts related to your matter."],
      followUps: ["Can I email them in advance?"],
    },
  ],
};

export const DEMO_WORKSPACES: readonly WorkspaceContent[] = [
  {
    name: "Bloom Florists",
    externalReference: "crm-1001",
    createdDaysAgo: 110,
    status: "active",
    pauseMode: null,
    pausedDaysAgo: null,
    exhaustedDaysAgo: null,
    messageLimit: 2000,
    messagesUsed: 1240,
    topupCredits: 500,
    sourceLimit: 50,
    chatbotLimit: 3,
    enabledIntegrations: [WHATSAPP, HUBSPOT, AI_ACTIONS],
    admin: { name: "Alex Rivera", email: "alex@bloomflorists.example" },
    extraUser: { name: "Jamie Chen", email: "jamie@bloomflorists.example", role: "editor" },
    chatbots: [bloomAssistant, weddingConcierge],
  },
  {
    name: "Harbor Dental",
    externalReference: "crm-1002",
    createdDaysAgo: 100,
    status: "active",
    pauseMode: null,
    pausedDaysAgo: null,
    exhaustedDaysAgo: null,
    messageLimit: null,
    messagesUsed: 2315,
    topupCredits: 0,
    sourceLimit: null,
    chatbotLimit: null,
    enabledIntegrations: [SLACK, HUBSPOT, TELEGRAM],
    admin: { name: "Dr. Maya Patel", email: "maya@harbordental.example" },
    extraUser: { name: "Sam Okafor", email: "sam@harbordental.example", role: "member" },
    chatbots: [harborHelp, harborIntake],
  },
  {
    name: "Peak Fitness",
    externalReference: "crm-1003",
    createdDaysAgo: 95,
    status: "paused",
    pauseMode: "soft",
    pausedDaysAgo: 9,
    exhaustedDaysAgo: null,
    messageLimit: 1000,
    messagesUsed: 612,
    topupCredits: 0,
    sourceLimit: 20,
    chatbotLimit: 2,
    enabledIntegrations: [WHATSAPP, INTERCOM],
    admin: { name: "Chris Jordan", email: "chris@peakfitness.example" },
    chatbots: [peakCoach],
  },
  {
    name: "Orbit Legal",
    externalReference: "crm-1004",
    createdDaysAgo: 92,
    status: "suspended",
    pauseMode: null,
    pausedDaysAgo: 5,
    exhaustedDaysAgo: 7,
    messageLimit: 500,
    messagesUsed: 500,
    topupCredits: 0,
    sourceLimit: 10,
    chatbotLimit: 1,
    enabledIntegrations: [MICROSOFT_TEAMS],
    admin: { name: "Morgan Blake", email: "morgan@orbitlegal.example" },
    chatbots: [orbitIntake],
  },
];
