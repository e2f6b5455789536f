/**
 * `npm run bench -- <name>`: runs one benchmark (all of them without a name)
 * and prints its figures next to their baselines. Benchmarks are scripts that
 * print numbers, never timed assertions in the test suite (DESIGN §12).
 */
export {};

const BENCHMARKS: Record<string, { description: string; run: () => Promise<void> }> = {
  analytics: {
    description: "GET /v1/{chatbot_id}/analytics over 366 days for 100,000 conversations / 1,000,000 messages, next to its bare SQL",
    run: async () => (await import("./bench/analytics")).runAnalyticsBenchmark(),
  },
  credits: {
    description: "answers charged per second on one workspace at 1, 8 and 32 callers, next to a bare UPDATE … RETURNING loop",
    run: async () => (await import("./bench/credits")).runCreditsBenchmark(),
  },
  widget: {
    description: "widget loader size gzipped, <script> → launcher visible in Chromium, first streamed token widget vs REST chat",
    run: async () => (await import("./bench/widget")).runWidgetBenchmark(),
  },
  webhooks: {
    description: "webhook deliveries per second and enqueue→delivered p50/p99 with one and two workers, next to direct POSTs",
    run: async () => (await import("./bench/webhooks")).runWebhooksBenchmark(),
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
