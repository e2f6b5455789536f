"use client";

import Link from "next/link";
import { useId } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { CopyableValue, ShownOncePanel } from "@/components/ui/shown-once-panel";
import type { CreatedWebhook } from "@/components/webhooks/types";

const VERIFY_SNIPPET = `import { Webhook } from "standardwebhooks";

const wh = new Webhook(process.env.WEBHOOK_SECRET); // "whsec_…"

// In your handler: the raw request body (a string, not parsed JSON)
// and the webhook-id, webhook-timestamp and webhook-signature headers.
const event = wh.verify(rawBody, {
  "webhook-id": req.headers["webhook-id"],
  "webhook-timestamp": req.headers["webhook-timestamp"],
  "webhook-signature": req.headers["webhook-signature"],
}); // throws when the signature or the timestamp is not valid`;

/** The signing secret of an endpoint just created: the only time the server returns it. */
export function NewWebhookSecretPanel({ created, onDismiss }: { created: CreatedWebhook; onDismiss: () => void }) {
  const snippetId = useId();
  return (
    <ShownOncePanel title="Endpoint created" testId="new-webhook-secret" focusKey={created.secret}>
      <p className="mt-1 text-sm break-all text-indigo-900">{created.webhook.url}</p>
      <p className="mt-3 text-sm font-medium text-amber-800">Copy this signing secret now. You won&apos;t be able to see it again.</p>
      <CopyableValue value={created.secret} testId="new-webhook-secret-value" label="Signing secret" className="mt-2" />

      <h3 id={snippetId} className="mt-5 text-sm font-semibold text-indigo-950">
        Verify each delivery
      </h3>
      <p className="mt-1 text-sm text-indigo-900">
        Deliveries are signed the <a className="underline hover:text-indigo-700" href="https://www.standardwebhooks.com/" target="_blank" rel="noreferrer">Standard Webhooks</a> way,
        with the headers <code className="font-mono text-xs">webhook-id</code>, <code className="font-mono text-xs">webhook-timestamp</code> and{" "}
        <code className="font-mono text-xs">webhook-signature</code>. With the <code className="font-mono text-xs">standardwebhooks</code> npm package:
      </p>
      <pre
        aria-labelledby={snippetId}
        className="mt-2 overflow-x-auto rounded-md bg-gray-900 p-3 font-mono text-xs leading-relaxed text-gray-100"
      >
        <code>{VERIFY_SNIPPET}</code>
      </pre>
      <p className="mt-2 text-xs text-indigo-900">
        Answer with a 2xx status within 15 seconds. A delivery may arrive more than once: skip a <code className="font-mono">webhook-id</code> you have already handled.
      </p>

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Link href={`/webhooks/${created.webhook.id}`} className={buttonClasses({ variant: "secondary", size: "sm" })}>
          Open endpoint
        </Link>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Done
        </Button>
      </div>
    </ShownOncePanel>
  );
}
