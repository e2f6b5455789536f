import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { startLlmStub } from "./e2e/llm-stub";
import { startHubspotStub } from "./tests/helpers/hubspot-server";
import { generateKeyPairSync } from "node:crypto";
import { startMailSink } from "./e2e/mail-sink";
import { startDnsServer } from "./tests/helpers/dns-server";
import { RECEIVER_CERT } from "./e2e/receiver-tls";
import { startTelegramStandIn } from "./scripts/lib/telegram-stand-in";
import { startSlackStandIn } from "./scripts/lib/slack-stand-in";
import { startTeamsStandIn } from "./scripts/lib/teams-stand-in";
import { startStripeStandIn } from "./scripts/lib/stripe-stand-in";
import { startIntercomStandIn } from "./scripts/lib/intercom-stand-in";

/**
 * End-to-end tests against the real product started the way a newcomer starts
 * it (`npm start`, scripts/launch.mjs: embedded PostgreSQL, migrations, demo data, the
 * production build, workers), in a throw-away data folder.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
// The app's e-mail goes to a real SMTP server on a free port, started once in the runner process (workers inherit the URL).
process.env.E2E_SMTP_URL ??= await startMailSink();
// e2e/channels.spec.ts: a local Telegram Bot API, started once in the runner (workers drive it through its control routes).
process.env.E2E_TELEGRAM_URL ??= (await startTelegramStandIn({ unref: true })).baseUrl;
// e2e/channels.spec.ts: a local Slack Web API (auth.test when a Slack channel is connected).
process.env.E2E_SLACK_URL ??= (await startSlackStandIn({ unref: true })).baseUrl;
// e2e/channels.spec.ts: a local Bot Framework (OpenID metadata and JWKS, token endpoint, Bot Connector) for Microsoft Teams.
process.env.E2E_TEAMS_URL ??= (await startTeamsStandIn({ unref: true })).baseUrl;
// e2e/billing.spec.ts: a local Stripe (its hosted Checkout page is where the person pays); specs add accounts through its control routes.
process.env.E2E_STRIPE_URL ??= (await startStripeStandIn({ unref: true })).baseUrl;
// e2e/handoff.spec.ts: a local Intercom (specs add apps, read conversations and send admin replies through its control routes).
process.env.E2E_INTERCOM_URL ??= (await startIntercomStandIn({ unref: true })).baseUrl;
// e2e/actions.spec.ts: an OpenAI-compatible server that calls tools (no platform key: only a workspace's own key reaches it).
process.env.E2E_OPENAI_BASE_URL ??= await startLlmStub();
// e2e/hubspot.spec.ts: a local HubSpot (tests/helpers/hubspot-server.ts); specs read its contacts over HTTP.
if (!process.env.E2E_HUBSPOT_URL) {
  const hubspot = await startHubspotStub();
  hubspot.unref();
  process.env.E2E_HUBSPOT_URL = hubspot.baseUrl;
}
// Custom-domain and sending-domain verification ask a real DNS server on a free port (tests/helpers/dns-server.ts); it
// answers from a file the specs write with `publishTxt`. The app signs mail with a throw-away DKIM key.
process.env.E2E_DNS_TABLE ??= ".data/e2e-dns.json";
process.env.E2E_DNS_SERVER ??= (await startDnsServer({ tableFile: process.env.E2E_DNS_TABLE, unref: true })).address;
process.env.E2E_DKIM_KEY ??= generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString().replace(/\n/g, "\\n");
// CHROMIUM_PATH: a Chromium somewhere else (e.g. unpacked from Debian's package on a machine without it installed).
// Debian's headless shell first (`chromium-headless-shell`, the same Blink without the browser around it): the
// journeys and audits cost its Chromium about half the CPU of the full browser's headless mode (docs/performance.md,
// "Chromium's own work"); the full browser where only it is installed.
const systemChromium = [process.env.CHROMIUM_PATH, "/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
  (p): p is string => Boolean(p && existsSync(p)),
);

/** Chromium for every project: Debian's where it exists (our machines and CI), Playwright's own elsewhere. */
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: systemChromium
    ? {
        executablePath: systemChromium,
        args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
      }
    : {},
};

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two workers: the journeys run one at a time (they share the demo data and one app), while the second worker
  // takes the read-only accessibility audits beside them (projects below).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // A trace records every action's screenshots and DOM snapshots while the test runs, kept or not: recorded for a
    // failed test's retry only (CI retries once; elsewhere `--trace on` when a failure needs one).
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "long-states", testMatch: "long-states.setup.ts" },
    { name: "audits", testMatch: "a11y.spec.ts", dependencies: ["long-states"], workers: 1, use: chromium },
    { name: "journeys", testIgnore: ["a11y.spec.ts", "long-states.setup.ts"], dependencies: ["long-states"], workers: 1, use: chromium },
  ],
  webServer: {
    // The webhook receiver's certificate is made first: the app checks that WEBHOOK_CA_CERTS exists when it starts,
    // and Playwright starts the webServer before globalSetup (e2e/receiver-tls.ts).
    command: "rm -rf .data/e2e && npx tsx e2e/make-receiver-cert.ts && node scripts/launch.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: baseURL,
      DATA_DIR: ".data/e2e",
      NEXT_TELEMETRY_DISABLED: "1",
      // e2e/webhooks.spec.ts: the delivery worker trusts the spec's HTTPS receiver on loopback and retries quickly.
      WEBHOOK_CA_CERTS: RECEIVER_CERT,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
      CRAWLER_ALLOW_PRIVATE_NETWORKS: "true",
      WEBHOOK_RETRY_SCHEDULE: "0,1,2",
      // e2e/account.spec.ts: password reset and invitation e-mails (e2e/mail-sink.ts).
      SMTP_URL: process.env.E2E_SMTP_URL,
      TELEGRAM_API_BASE_URL: process.env.E2E_TELEGRAM_URL,
      SLACK_API_BASE_URL: process.env.E2E_SLACK_URL,
      TEAMS_OPENID_METADATA_URL: `${process.env.E2E_TEAMS_URL}/v1/.well-known/openidconfiguration`,
      TEAMS_TOKEN_URL: `${process.env.E2E_TEAMS_URL}/botframework.com/oauth2/v2.0/token`,
      // e2e/actions.spec.ts: the LLM stand-in, and HTTP actions calling a service on loopback.
      OPENAI_BASE_URL: process.env.E2E_OPENAI_BASE_URL,
      ACTIONS_ALLOW_PRIVATE_NETWORKS: "true",
      HUBSPOT_API_BASE_URL: process.env.E2E_HUBSPOT_URL,
      STRIPE_API_BASE_URL: process.env.E2E_STRIPE_URL,
      INTERCOM_API_BASE_URL: process.env.E2E_INTERCOM_URL,
      // e2e/agency-done-when.spec.ts: custom domain and sending domain verified against tests/helpers/dns-server.ts.
      DNS_SERVERS: process.env.E2E_DNS_SERVER,
      MAIL_DKIM_PRIVATE_KEY: process.env.E2E_DKIM_KEY,
    },
  },
});
