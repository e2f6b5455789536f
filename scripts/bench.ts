/**
 * `npm run bench -- <name>`: runs one benchmark (all of them without a name)
 * and prints its figures next to their baselines. Benchmarks are scripts that
 * print numbers, never timed assertions in the test suite (docs/decisions/039-testing.md).
 */
export {};

const BENCHMARKS: Record<string, { description: string; run: () => Promise<void> }> = {
  answers: {
    description: "extractive answers with metering on one workspace at 8 callers (answers/s, p50) next to retrieval + charge_answer; time to first token over a streaming stub",
    run: async () => (await import("./bench/answers")).runAnswersBenchmark(),
  },
  auth: {
    description: "/v1 throughput and p99 alone and during a wrong-password storm, sign-in time unknown vs known account; protections off (baseline) vs on",
    run: async () => (await import("./bench/auth")).runAuthBenchmark(),
  },
  analytics: {
    description: "GET /v1/{chatbot_id}/analytics over 366 days for 100,000 conversations / 1,000,000 messages, next to its bare SQL",
    run: async () => (await import("./bench/analytics")).runAnalyticsBenchmark(),
  },
  "answer-quality": {
    description: "extractive answers on four Debian documentation sets (two tuning, two held out): right page cited, first, precision of answered, unanswerable refused, p50 per set and question kind, next to MiniSearch and the targets",
    run: async () => (await import("./bench/answer-quality")).runAnswerQualityBenchmark(),
  },
  "answer-quality-langs": {
    description: "the same on the Debian Administrator's Handbook in en, de, fr, es, it, nl, pt: questions in each language, default_language set to it",
    run: async () => (await import("./bench/answer-quality")).runAnswerQualityLangsBenchmark(),
  },
  "page-languages": {
    description: "documentLanguage as a classifier on every page of the answer-quality sets (tuning by default): pages read as another language than their set's, from the text alone and as the product runs",
    run: async () => (await import("./bench/answer-quality/page-languages")).runPageLanguagesBenchmark(),
  },
  docs: {
    description: "the Python 3.11 docs crawled from 127.0.0.1, 200 index terms asked: right page cited / first / in first k, next to MiniSearch (BM25+, defaults)",
    run: async () => (await import("./bench/docs")).runDocsBenchmark(),
  },
  credits: {
    description: "answers charged per second on one workspace at 1, 8 and 32 callers, next to a bare UPDATE … RETURNING loop",
    run: async () => (await import("./bench/credits")).runCreditsBenchmark(),
  },
  handoff: {
    description: "agent reply (REST, process B) → visitor's live stream (process A) p50/p99; idle visitor streams held by one process, memory per stream, one reply fanned out to all",
    run: async () => (await import("./bench/handoff")).runHandoffBenchmark(),
  },
  rest: {
    description: "every documented GET, REST chat and widget chat at 16 connections (rps, p50, p99) next to a no-op /v1 route and node:http + pg",
    run: async () => (await import("./bench/rest")).runRestBenchmark(),
  },
  "rest-profile": {
    description: "CPU profile of the production server while one rest endpoint is under load (BENCH_PROFILE=<label part>): self time by package and function",
    run: async () => (await import("./bench/rest-profile")).runRestProfile(),
  },
  "rest-bridge": {
    description: "the /v1 route handlers called in process without Next on the rest data: CPU, statements and PostgreSQL CPU per documented GET",
    run: async () => (await import("./bench/rest-bridge")).runRestBridgeBenchmark(),
  },
  retrieval: {
    description: "searchPassages p50/p95 over 100,000 chunks, next to the all-terms websearch_to_tsquery + ts_rank_cd query",
    run: async () => (await import("./bench/retrieval")).runRetrievalBenchmark(),
  },
  training: {
    description: "crawl + extract + index of a generated 500-page local site (pages/s), next to a plain fetch of the same pages",
    run: async () => (await import("./bench/training")).runTrainingBenchmark(),
  },
  upload: {
    description: "a 10 MB text, a 10 MB PDF and DOCX zip bombs uploaded while /api/health is polled: upload time, health p50/p99, server RSS growth",
    run: async () => (await import("./bench/upload")).runUploadBenchmark(),
  },
  widget: {
    description: "widget loader size gzipped, <script> → launcher visible in Chromium, first streamed token widget vs REST chat",
    run: async () => (await import("./bench/widget")).runWidgetBenchmark(),
  },
  templates: {
    description: "a template with 500 chatbots made from it: the preview of a version for all, and its rollout through the jobs without and with the quality gate (time to the last chatbot done)",
    run: async () => (await import("./bench/templates")).runTemplatesBenchmark(),
  },
  volume: {
    description: "one chatbot bulk-loaded to 10k, 100k and 1M conversations, contacts and webhook deliveries (load time; --sizes=10000,100000 to choose): every documented GET and the dashboard's inbox, analytics and contacts at each size, p50 next to its 10k figure; 365-day analytics p50 and at 16 connections; the lists (first and a deep page) at 16 connections next to the no-op route",
    run: async () => (await import("./bench/volume")).runVolumeBenchmark(),
  },
  webhooks: {
    description: "webhook deliveries per second and enqueue→delivered p50/p99 with one and two workers, next to direct POSTs",
    run: async () => (await import("./bench/webhooks")).runWebhooksBenchmark(),
  },  "inbox-search": {
    description: "the inbox's search by text, e-mail and name on a chatbot of 200,000 conversations (and another as large): p50/p95 and the statement's plan",
    run: async () => (await import("./bench/inbox-search")).runInboxSearchBenchmark(),
  },
  channels: {
    description: "a Telegram update → the reply at a local Bot API (server + one worker, extractive answers, metered): p50/p99 one at a time, events/s for a burst over 200 chats; a worker killed with replies in flight: replies sent twice and the duplicate window",
    run: async () => (await import("./bench/channels")).runChannelsBenchmark(),
  },
};

function usage(stream: NodeJS.WriteStream) {
  stream.write("Usage: npm run bench -- <name>\n\nAvailable benchmarks:\n");
  for (const [name, b] of Object.entries(BENCHMARKS)) stream.write(`  ${name.padEnd(12)} ${b.description}\n`);
}

const names = process.argv.slice(2).filter((a) => !a.startsWith("-"));
if (process.argv.includes("--help") || process.argv.includes("-h")) {
  usage(process.stdout);
  process.exit(0);
}
const unknown = names.filter((n) => !(n in BENCHMARKS));
if (unknown.length) {
  process.stderr.write(`Unknown benchmark${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}\n\n`);
  usage(process.stderr);
  process.exit(1);
}
for (const name of names.length ? names : Object.keys(BENCHMARKS)) {
  await BENCHMARKS[name]!.run();
}
process.exit(0);
