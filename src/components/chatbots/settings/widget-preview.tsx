"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { cn } from "@/components/lib/cn";
import { isAccentColor } from "@/shared/accent-color";
import { messagesFor } from "@/shared/i18n/messages";
import { textOnAccent } from "@/shared/text-on-accent";
import type { ChatbotSettingsForm } from "@/server/chatbots";

const TEXT = { sm: "text-xs", md: "text-sm", lg: "text-base" } as const;
const HEADER = { sm: "py-2 text-sm", md: "py-3 text-sm", lg: "py-4 text-base" } as const;
const size = <T extends Record<string, string>>(map: T, key: string | undefined) => map[(key ?? "md") as keyof T] ?? map["md" as keyof T];

/** A small, live picture of the widget with the settings as they are being edited, in its language's own words (record 117). */
export function WidgetPreview() {
  const { control } = useFormContext<ChatbotSettingsForm>();
  const [name, accent, welcome, placeholder, position, launcherText, fontSize, headerSize, sourcesLabel, enableSources, hidePoweredBy, language] = useWatch({
    control,
    name: ["name", "accent_color", "welcome_message", "placeholder", "position", "launcher_text", "font_size", "header_size", "sources_label", "enable_sources", "hide_powered_by", "default_language"],
  });
  const words = messagesFor(language);
  const background = accent && isAccentColor(accent) ? accent : "#9ca3af";

  return (
    <figure className="self-start lg:sticky lg:top-6" aria-label="Widget preview">
      <figcaption className="mb-2 text-xs font-medium tracking-wide text-gray-500 uppercase">Preview</figcaption>
      <div className="rounded-xl border border-gray-200 bg-gray-100 p-3" data-testid="widget-preview">
        <div className="overflow-hidden rounded-lg bg-white shadow-md">
          <div className={cn("px-3 font-semibold", size(HEADER, headerSize))} style={{ background, color: textOnAccent(background) }}>
            {name || "Chatbot"}
          </div>
          <div className={cn("space-y-2 p-3", size(TEXT, fontSize))}>
            <p className="max-w-[85%] rounded-lg rounded-tl-none bg-gray-100 px-2.5 py-1.5 text-gray-800">{welcome || "…"}</p>
            {enableSources ? (
              <p className="text-[11px] text-gray-500">
                {sourcesLabel || words.chatbot.sourcesLabel}: <span className="underline">example.com/help</span>
              </p>
            ) : null}
            <div className="rounded-md border border-gray-200 px-2.5 py-1.5 text-gray-500">{placeholder || words.chatbot.placeholder}</div>
            {hidePoweredBy ? null : <p className="text-center text-[10px] text-gray-500">{words.panel.poweredBy}</p>}
          </div>
        </div>
        <div className={cn("mt-3 flex items-center gap-2", position === "left" ? "justify-start" : "flex-row-reverse justify-start")}>
          <span className="flex size-10 items-center justify-center rounded-full shadow" style={{ background, color: textOnAccent(background) }} aria-hidden="true">
            <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={2}>
              <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
            </svg>
          </span>
          {launcherText ? <span className="rounded-full bg-white px-2.5 py-1 text-xs text-gray-700 shadow">{launcherText}</span> : null}
        </div>
      </div>
    </figure>
  );
}
