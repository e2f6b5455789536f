"use client";

import { useEffect, useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";

type Status = "idle" | "copied" | "failed";

function copyWithSelection(text: string): boolean {
  const textarea = document.createElement("textarea");
  textarea.value = text;
  textarea.setAttribute("readonly", "");
  textarea.style.position = "fixed";
  textarea.style.opacity = "0";
  document.body.appendChild(textarea);
  textarea.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  textarea.remove();
  return ok;
}

async function copyText(text: string): Promise<boolean> {
  if (typeof navigator !== "undefined" && navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission denied or unfocused document: fall back to a selection copy.
    }
  }
  return copyWithSelection(text);
}

/** Copies `value` to the clipboard and says so, visibly and to screen readers. */
export function CopyButton({ value, label = "Copy", ...props }: Omit<ButtonProps, "onClick" | "children" | "value"> & { value: string; label?: string }) {
  const [status, setStatus] = useState<Status>("idle");

  useEffect(() => {
    if (status === "idle") return;
    const timer = window.setTimeout(() => setStatus("idle"), 2000);
    return () => window.clearTimeout(timer);
  }, [status]);

  return (
    <>
      <Button variant="secondary" size="sm" {...props} onClick={async () => setStatus((await copyText(value)) ? "copied" : "failed")}>
        {status === "copied" ? "Copied" : label}
      </Button>
      <span role="status" className={status === "failed" ? "text-xs text-red-600" : "sr-only"}>
        {status === "copied" ? "Copied to clipboard." : status === "failed" ? "Could not copy. Select the text and copy it manually." : ""}
      </span>
    </>
  );
}
