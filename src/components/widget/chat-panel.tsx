"use client";

import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { textOnAccent } from "@/shared/text-on-accent";
import { cn } from "@/components/lib/cn";
import type { WidgetConfig } from "@/server/chatbots";
import { isWidgetMessage, PROTOCOL_SOURCE } from "@/widget/protocol";
import { Composer } from "./composer";
import { LeadForm } from "./lead-form";
import { MessageView } from "./message-view";
import { useWidgetChat } from "./use-widget-chat";

const TEXT = { sm: "text-[13px]", md: "text-sm", lg: "text-base" } as const;
const HEADER = { sm: "py-2.5 text-sm", md: "py-3.5 text-base", lg: "py-5 text-lg" } as const;
const FOCUSABLE = 'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The chat itself, shared by the widget iframe (`embed`: a dialog that the
 * host script shows and hides) and the share page (`page`: full screen).
 */
export function ChatPanel({ config, mode }: { config: WidgetConfig; mode: "embed" | "page" }) {
  const chat = useWidgetChat(config.id, mode === "page" ? "share" : "widget");
  const [leadOpen, setLeadOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const accent = config.accent_color;
  const embed = mode === "embed";

  const close = useCallback(() => window.parent.postMessage({ source: PROTOCOL_SOURCE, type: "close" }, "*"), []);

  useEffect(() => {
    if (!embed) inputRef.current?.focus();
    const onMessage = (event: MessageEvent) => {
      if (event.source === window.parent && isWidgetMessage(event.data) && event.data.type === "open") inputRef.current?.focus();
    };
    window.addEventListener("message", onMessage);
    if (embed) window.parent.postMessage({ source: PROTOCOL_SOURCE, type: "ready" }, "*");
    return () => window.removeEventListener("message", onMessage);
  }, [embed]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [chat.messages]);

  // A dialog keeps focus inside itself; Esc asks the host page to close it.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape" && embed && !event.defaultPrevented) {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== "Tab" || !rootRef.current) return;
    const items = Array.from(rootRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // The lead form offers itself (once per conversation): after N messages, or when credits ran out.
  const userMessages = chat.messages.filter((m) => m.role === "user").length;
  const offerLead =
    !chat.leadSent &&
    ((config.lead_form.after_messages !== null && userMessages >= config.lead_form.after_messages) || (config.lead_form.on_no_credits && chat.refusal === 402));
  const [leadOffered, setLeadOffered] = useState(false);
  useEffect(() => {
    if (!offerLead || leadOffered || chat.streaming) return;
    const timer = window.setTimeout(() => {
      setLeadOffered(true);
      setLeadOpen(true);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [offerLead, leadOffered, chat.streaming]);

  // Nobody from the team is around while the visitor waits for a person (told by the live stream, at any
  // time during the wait): the lead form offers itself, once, instead of a wait with no end.
  const unattended = chat.status === "waiting" && chat.agentsAvailable === false;
  const [unattendedOffered, setUnattendedOffered] = useState(false);
  useEffect(() => {
    if (!unattended || unattendedOffered || chat.leadSent || !config.lead_form.on_handoff) return;
    const timer = window.setTimeout(() => {
      setUnattendedOffered(true);
      setLeadOpen(true);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [unattended, unattendedOffered, chat.leadSent, config.lead_form.on_handoff]);

  // Asking for a person (footer link or a handoff button): with nobody around, the lead form when the chatbot wants it.
  const requestPerson = () =>
    void chat.askForPerson().then((available) => {
      if (available || !config.lead_form.on_handoff) return;
      setUnattendedOffered(true);
      setLeadOpen(true);
    });

  const hasConversation = chat.messages.length > 0;
  const last = chat.messages[chat.messages.length - 1];

  return (
    <div
      ref={rootRef}
      role={embed ? "dialog" : "main"}
      aria-modal={embed ? true : undefined}
      aria-labelledby="acp-title"
      onKeyDown={onKeyDown}
      className={cn("flex h-dvh flex-col overflow-hidden bg-white text-gray-900", TEXT[config.font_size], !embed && "mx-auto max-w-3xl sm:border-x sm:border-gray-200")}
    >
      <header className={cn("flex items-center gap-3 px-4", HEADER[config.header_size])} style={{ background: accent, color: textOnAccent(accent) }}>
        {config.header_icon ? (
          // eslint-disable-next-line @next/next/no-img-element -- any URL the chatbot's owner chose; not optimisable
          <img src={config.header_icon} alt="" className="size-8 rounded-full bg-white/20 object-cover" />
        ) : null}
        <h1 id="acp-title" className="min-w-0 flex-1 truncate font-semibold">
          {config.name}
        </h1>
        {hasConversation ? (
          <button type="button" onClick={chat.restart} className="rounded-md px-2 py-1 text-xs font-medium hover:bg-white/20" disabled={chat.streaming}>
            New chat
          </button>
        ) : null}
        {embed ? (
          <button type="button" onClick={close} aria-label="Close chat" className="rounded-md p-1 hover:bg-white/20">
            <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true">
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </button>
        ) : null}
      </header>

      {!chat.online ? (
        <p role="status" className="bg-amber-50 px-4 py-1.5 text-xs text-amber-900">
          You&rsquo;re offline. Messages can be retried once the connection is back.
        </p>
      ) : null}

      {chat.status === "waiting" || chat.status === "human" ? (
        <p role="status" data-testid="widget-handoff-status" className="bg-indigo-50 px-4 py-1.5 text-xs text-indigo-900">
          {chat.status === "human"
            ? "You\u2019re chatting with a person from the team."
            : unattended
              ? "No one from the team is available right now. You can leave your details."
              : "A person from the team has been asked to join. You can keep writing."}
        </p>
      ) : null}

      <div ref={logRef} role="log" aria-live="off" aria-label="Conversation" className="flex-1 overflow-y-auto px-4 py-4">
        <ol className="space-y-3">
        <li className="flex">
          <p className="max-w-[85%] rounded-2xl rounded-bl-sm bg-gray-100 px-3.5 py-2 whitespace-pre-wrap">{config.welcome_message}</p>
        </li>
        {chat.messages.map((m) => (
          <MessageView
            key={m.key}
            message={m}
            accent={accent}
            streaming={chat.streaming && m === last}
            sourcesLabel={config.sources_label}
            showSources={config.enable_sources}
            onRate={(value) => chat.rate(m.key, value)}
            onLinkClick={(url) => chat.linkClicked(url, m.id)}
            onRetry={() => chat.retry(m.key)}
            onOfferContact={() => setLeadOpen(true)}
          />
        ))}
        </ol>
      </div>

      {/* The finished answer, said once; the log itself stays quiet while text streams in. */}
      <div aria-live="polite" className="sr-only">
        {chat.streaming ? "" : chat.announcement}
      </div>

      {!hasConversation && config.suggested_messages.length > 0 ? (
        <ul aria-label="Suggested questions" className="flex flex-wrap gap-2 px-4 pb-2">
          {config.suggested_messages.map((s) => (
            <li key={s.id}>
              {s.type === "link" && s.url ? (
                <a href={s.url} target="_blank" rel="noopener" onClick={() => chat.linkClicked(s.url!)} className="block rounded-full border border-gray-300 px-3 py-1 text-xs text-gray-800 hover:bg-gray-50">
                  {s.name}
                </a>
              ) : (
                <button
                  type="button"
                  onClick={() => {
                    if (s.type === "lead_form") setLeadOpen(true);
                    else if (s.type === "handoff") void chat.send(s.prompt).then(requestPerson);
                    else void chat.send(s.prompt);
                  }}
                  className="rounded-full border border-gray-300 px-3 py-1 text-xs text-gray-800 hover:bg-gray-50"
                >
                  {s.name}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {chat.error ? (
        <p role="alert" className="px-4 pb-1 text-xs text-red-700">
          {chat.error}
        </p>
      ) : null}

      {leadOpen ? (
        <LeadForm
          form={config.lead_form}
          onCancel={() => setLeadOpen(false)}
          onSubmit={async (fields) => {
            const errors = await chat.submitLead(fields);
            if (!errors) setLeadOpen(false);
            return errors;
          }}
        />
      ) : null}
      <Composer placeholder={config.placeholder} accent={accent} disabled={chat.streaming} inputRef={inputRef} onSend={(text) => void chat.send(text)} />
      <footer className="flex items-center justify-between gap-2 px-4 pb-2 text-[11px] text-gray-600">
        <span className="flex gap-3">
          {leadOpen ? null : (
            <button type="button" onClick={() => setLeadOpen(true)} className="underline underline-offset-2 hover:text-gray-900">
              Leave your details
            </button>
          )}
          {chat.hasConversation && (chat.status === "bot" || chat.status === "resolved") ? (
            <button
              type="button"
              disabled={chat.streaming}
              onClick={requestPerson}
              className="underline underline-offset-2 hover:text-gray-900"
            >
              Talk to a person
            </button>
          ) : null}
        </span>
        {config.hide_powered_by ? null : <span>Powered by Agency Chatbot Platform</span>}
      </footer>
    </div>
  );
}
