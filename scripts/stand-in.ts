/**
 * A provider stand-in for trying the product locally (README, "Try it locally"): `npm run stand-in -- stripe`
 * starts the Stripe stand-in on 127.0.0.1 (`--port`, default 12111) with one test account (`--key`, default
 * `sk_test_local`) and runs until stopped (Ctrl-C); `npm run stand-in -- teams` starts the local Bot Framework
 * (`--port`, default 12112) with one bot whose app id and password it prints.
 */
import { parseArgs } from "node:util";
import { startStripeStandIn } from "./lib/stripe-stand-in";
import { startTeamsLocally } from "./lib/teams-stand-in-cli";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { port: { type: "string", default: "12111" }, key: { type: "string", default: "sk_test_local" } } });
if (positionals[0] === "teams") {
  await startTeamsLocally(Number(values.port === "12111" ? 12112 : values.port));
} else if (positionals[0] !== "stripe") {
  console.error("usage: npm run stand-in -- stripe [--port 12111] [--key sk_test_local] | teams [--port 12112]");
  process.exit(2);
} else {
const standIn = await startStripeStandIn({ port: Number(values.port) });
standIn.addAccount({ secretKey: values.key, name: "Local Test Agency" });
console.log(`Stripe stand-in at ${standIn.baseUrl}
  Start the app with   STRIPE_API_BASE_URL=${standIn.baseUrl} npm start
  Secret key           ${values.key}
  In Settings → Billing paste the key; the webhook signing secret comes from creating an endpoint for the URL shown there:
    curl ${standIn.baseUrl}/v1/webhook_endpoints -u ${values.key}: -d url=<webhook URL> -d "enabled_events[]=*"
  Checkout pages open at ${standIn.baseUrl}/c/pay/…; renew a subscription (paid or failing):
    curl -X POST ${standIn.baseUrl}/__control/subscriptions/<sub_…>/renew -H 'content-type: application/json' -d '{"outcome":"failed"}'`);
}
