import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";

/**
 * A third-party website for the widget e2e spec: its own origin (another
 * local port), pages that paste the real embed line, one of them with
 * hostile CSS.
 */
export interface HostSite {
  url: (path: string) => string;
  close: () => Promise<void>;
}

const HOSTILE_CSS = `* { all: unset !important; } html, body, div, p, span, button { font-size: 64px !important; line-height: 3 !important; color: red !important; }
iframe { width: 10px !important; height: 10px !important; } button { display: none; }`;

function page(title: string, snippet: string, css = ""): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>${css}</style></head>
<body><header><a href="/">Home</a> <a href="/other">Other page</a></header><main><h1>${title}</h1><p>Fresh bread every morning.</p></main>${snippet}</body></html>`;
}

export async function startHostSite(appUrl: string, chatbotId: () => string): Promise<HostSite> {
  const snippet = () => `<script src="${appUrl}/widget.js" data-chatbot-id="${chatbotId()}" async></script>`;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const body =
      path === "/hostile" ? page("Hostile bakery", snippet(), HOSTILE_CSS) : path === "/other" ? page("Other page", snippet()) : page("Bakery", snippet());
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (p) => `http://127.0.0.1:${port}${p}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The widget's launcher button and its panel (an iframe) for the chatbot named `bot`, on a host page. */
export const widgetLauncher = (page: Page, bot: string) => page.getByRole("button", { name: `Open chat: ${bot}` });
export const widgetPanel = (page: Page, bot: string) => page.frameLocator(`iframe[title="Chat with ${bot}"]`);
