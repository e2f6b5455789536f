import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";

export interface InstallFacts {
  chatbotId: string;
  appUrl: string;
  /** The share page's base: the agency's verified custom domain, else APP_URL. */
  shareBase?: string;
  domain: string | null;
  domainVerified: boolean;
  /** Why the widget does not load right now, or null when it does. */
  notServing: string | null;
}

export const embedLine = (appUrl: string, chatbotId: string) => `<script src="${appUrl}/widget.js" data-chatbot-id="${chatbotId}" async></script>`;

function CodeLine({ id, value }: { id: string; value: string }) {
  return (
    <code id={id} className="block overflow-x-auto rounded-md bg-gray-900 px-3 py-2.5 font-mono text-xs break-all whitespace-pre-wrap text-gray-100">
      {value}
    </code>
  );
}

/** The Install tab: the one line to paste, the share link, where the widget may appear, and the real widget running. */
export function InstallPanel({ chatbotId, appUrl, shareBase, domain, domainVerified, notServing }: InstallFacts) {
  const snippet = embedLine(appUrl, chatbotId);
  const shareUrl = `${shareBase ?? appUrl}/chat/${chatbotId}`;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_420px]">
      <div className="min-w-0 space-y-6">
        {notServing ? (
          <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {notServing}
          </p>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle>Embed on your website</CardTitle>
            <p className="mt-1 text-sm text-gray-600">Paste this line before the closing &lt;/body&gt; tag of every page that should show the chat.</p>
          </CardHeader>
          <CardBody className="space-y-3">
            <CodeLine id="embed-line" value={snippet} />
            <div className="flex items-center gap-2">
              <CopyButton value={snippet} label="Copy embed code" />
            </div>
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Share link</CardTitle>
            <p className="mt-1 text-sm text-gray-600">A full-page chat for e-mails, QR codes and social posts.</p>
          </CardHeader>
          <CardBody className="space-y-3">
            <CodeLine id="share-link" value={shareUrl} />
            <div className="flex flex-wrap items-center gap-2">
              <CopyButton value={shareUrl} label="Copy share link" />
              <a href={shareUrl} target="_blank" rel="noopener" className="text-sm font-medium text-indigo-700 underline underline-offset-2">
                Open the share page
              </a>
            </div>
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Allowed website</CardTitle>
          </CardHeader>
          <CardBody className="space-y-2 text-sm text-gray-700">
            {domain ? (
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-gray-900">{domain}</span>
                {domainVerified ? <Badge tone="green">Verified</Badge> : <Badge tone="amber">Not verified</Badge>}
              </p>
            ) : (
              <p>No domain set.</p>
            )}
            <p>
              {domain && domainVerified
                ? `The widget only loads on ${domain} and its subdomains; other websites cannot frame it or call its API.`
                : "Until a domain is set and verified, the widget loads on any website that has the embed line."}
            </p>
            <Link href={`/chatbots/${chatbotId}/settings#domain`} className="inline-block font-medium text-indigo-700 underline underline-offset-2">
              Change the domain in Settings
            </Link>
          </CardBody>
        </Card>
      </div>
      <figure className="min-w-0 self-start lg:sticky lg:top-6">
        <figcaption className="mb-2 text-xs font-medium tracking-wide text-gray-500 uppercase">Live preview</figcaption>
        <iframe
          src={`/widget-preview/${chatbotId}`}
          title="Live widget preview"
          className="h-[680px] w-full rounded-xl border border-gray-200 bg-gray-100"
        />
        <p className="mt-2 text-xs text-gray-600">The real widget, as visitors see it. Messages sent here are real and spend credits.</p>
      </figure>
    </div>
  );
}
