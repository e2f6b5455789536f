"use client";

import { CopyableValue, ShownOncePanel } from "@/components/ui/shown-once-panel";

/** The full secret of a token just created. The server never returns it again. */
export function NewTokenPanel({ name, token, onDismiss }: { name: string; token: string; onDismiss: () => void }) {
  return (
    <ShownOncePanel title={<>Token &ldquo;{name}&rdquo; created</>} testId="new-token-panel" focusKey={token}>
      <p className="mt-1 text-sm font-medium text-amber-800">Copy this token now. You won&apos;t be able to see it again.</p>
      <CopyableValue value={token} testId="new-token-value" onDismiss={onDismiss} />
    </ShownOncePanel>
  );
}
