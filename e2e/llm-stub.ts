import { startOpenAiStub } from "../tests/helpers/openai-stub";

/**
 * The e2e app's OPENAI_BASE_URL: the integration tests' OpenAI-compatible server
 * (tests/helpers/openai-stub.ts), started by playwright.config.ts in the runner process. No key is set for
 * the platform, so only a workspace that saves its own key (e2e/actions.spec.ts) gets answers from it.
 * Scripted as a model with tools would behave: offered a tool and asked about an order number, it calls the
 * first tool with `order_id`; given the tool's result, it answers from it.
 */
export async function startLlmStub(): Promise<string> {
  const stub = await startOpenAiStub();
  stub.reply((req) => {
    const tool = [...req.body.messages].reverse().find((m) => m.role === "tool");
    if (tool) {
      const result = JSON.parse(tool.content) as { order?: string; status?: string; eta?: string; error?: string };
      return { text: result.error ? `Sorry, the lookup failed: ${result.error}` : `Your order ${result.order} is ${result.status} and arrives ${result.eta}.` };
    }
    const question = [...req.body.messages].reverse().find((m) => m.role === "user")?.content ?? "";
    const orderId = /\b(\d{2,})\b/.exec(question)?.[1];
    const first = req.body.tools?.[0];
    if (first && orderId) return { toolCalls: [{ name: first.function.name, arguments: JSON.stringify({ order_id: orderId }) }] };
    return { text: "Happy to help with that." };
  });
  stub.unref();
  return stub.baseURL;
}
