import { collectSseFrames, sseFrames } from "./sse";

/**
 * A widget visitor over real HTTP, for contract tests of what reaches them: a message to the widget's chat
 * (its `done` frame: the conversation id and the visitor's token), and their live stream, read frame by frame.
 */
export function widgetVisitor(base: string, chatbotId: string) {
  return {
    async chat(body: Record<string, unknown>) {
      const res = await fetch(`${base}/api/widget/${chatbotId}/chat`, { method: "POST", headers: { "Content-Type": "application/json", Accept: "text/event-stream" }, body: JSON.stringify(body) });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the frame's fields are checked by the tests
      return (sseFrames(await res.text()).find((f) => f.event === "done")?.data as Record<string, any> | undefined) ?? null;
    },
    async openStream(conversationId: string, token: string) {
      const controller = new AbortController();
      const res = await fetch(`${base}/api/widget/${chatbotId}/conversations/${conversationId}/stream`, { headers: { Accept: "text/event-stream", Authorization: `Bearer ${token}` }, signal: controller.signal });
      return { res, frames: collectSseFrames(res), close: () => controller.abort() };
    },
  };
}

/** Waits (polling every 50 ms) until `check` holds; throws naming `what` after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
