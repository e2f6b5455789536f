"use client";

import { cn } from "@/components/lib/cn";
import { textOnAccent } from "@/shared/text-on-accent";
import type { StoredMessage } from "./conversation-store";
import { linkify } from "./linkify";

export interface MessageViewProps {
  message: StoredMessage;
  accent: string;
  streaming: boolean;
  sourcesLabel: string;
  showSources: boolean;
  onRate: (value: "positive" | "negative") => void;
  onLinkClick: (url: string) => void;
  onRetry: () => void;
  /** Opens the lead form: offered under an answer the chatbot could not give. */
  onOfferContact: () => void;
}

function ExternalLink({ url, children, onClick, className }: { url: string; children: React.ReactNode; onClick: (url: string) => void; className?: string }) {
  return (
    <a href={url} target="_blank" rel="noopener" className={cn("break-words underline underline-offset-2", className)} onClick={() => onClick(url)} onAuxClick={() => onClick(url)}>
      {children}
    </a>
  );
}

function Thumb({ up, pressed, onClick }: { up: boolean; pressed: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={up ? "Helpful" : "Not helpful"}
      aria-pressed={pressed}
      onClick={onClick}
      className={cn("rounded p-1 text-gray-600 hover:bg-gray-100 hover:text-gray-900", pressed && "bg-gray-200 text-gray-900")}
    >
      <svg viewBox="0 0 24 24" className={cn("size-4", !up && "rotate-180")} fill={pressed ? "currentColor" : "none"} stroke="currentColor" strokeWidth={2} aria-hidden="true">
        <path d="M7 10v12M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z" />
      </svg>
    </button>
  );
}

/** One message: the visitor's on the right, the chatbot's on the left with its sources and thumbs. */
export function MessageView({ message, accent, streaming, sourcesLabel, showSources, onRate, onLinkClick, onRetry, onOfferContact }: MessageViewProps) {
  if (message.role === "user") {
    return (
      <li className="flex flex-col items-end gap-1">
        <p className="max-w-[85%] rounded-2xl rounded-br-sm px-3.5 py-2 break-words whitespace-pre-wrap" style={{ background: accent, color: textOnAccent(accent) }}>
          <span className="sr-only">You: </span>
          {message.content}
        </p>
        {message.failed ? (
          <p className="flex items-center gap-2 text-xs text-red-700">
            Not sent.
            <button type="button" onClick={onRetry} className="font-semibold underline">
              Retry
            </button>
          </p>
        ) : null}
      </li>
    );
  }
  if (message.role === "notice") {
    return (
      <li>
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-2 text-amber-900">{message.content}</p>
      </li>
    );
  }
  if (message.role === "agent") {
    return (
      <li className="flex flex-col items-start gap-1" data-message-id={message.id} data-testid="widget-agent-message">
        <span className="text-xs font-medium text-gray-700">Team member</span>
        <div className="max-w-[85%] rounded-2xl rounded-bl-sm border border-gray-300 bg-white px-3.5 py-2 break-words whitespace-pre-wrap text-gray-900">
          <span className="sr-only">Team member: </span>
          <LinkedContent text={message.content} onLinkClick={onLinkClick} />
        </div>
      </li>
    );
  }
  const typing = streaming && message.content === "";
  return (
    <li className="flex flex-col items-start gap-1" data-message-id={message.id}>
      <div className="max-w-[85%] rounded-2xl rounded-bl-sm bg-gray-100 px-3.5 py-2 break-words whitespace-pre-wrap text-gray-900">
        <span className="sr-only">Assistant: </span>
        {typing ? (
          <span className="inline-flex gap-1 py-1" aria-label="Writing an answer">
            <span className="size-1.5 animate-bounce rounded-full bg-gray-500" />
            <span className="size-1.5 animate-bounce rounded-full bg-gray-500 [animation-delay:120ms]" />
            <span className="size-1.5 animate-bounce rounded-full bg-gray-500 [animation-delay:240ms]" />
          </span>
        ) : (
          <LinkedContent text={message.content} onLinkClick={onLinkClick} />
        )}
      </div>
      {showSources && message.sources && message.sources.length > 0 ? (
        <div className="max-w-[85%] text-xs text-gray-700">
          <p className="font-semibold" aria-hidden="true">
            {sourcesLabel}
          </p>
          <ul aria-label={sourcesLabel} className="mt-0.5 space-y-0.5">
            {message.sources.map((s) => (
              <li key={s.id}>
                {s.url ? (
                  <ExternalLink url={s.url} onClick={onLinkClick} className="text-gray-800">
                    {s.title || s.url}
                  </ExternalLink>
                ) : (
                  s.title
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {message.answered === false && !streaming ? (
        <button type="button" onClick={onOfferContact} className="text-xs text-gray-700 underline underline-offset-2 hover:text-gray-900">
          Leave your details and we&rsquo;ll get back to you
        </button>
      ) : null}
      {message.id ? (
        <div className="flex gap-0.5" role="group" aria-label="Rate this answer">
          <Thumb up pressed={message.feedback === "positive"} onClick={() => onRate("positive")} />
          <Thumb up={false} pressed={message.feedback === "negative"} onClick={() => onRate("negative")} />
        </div>
      ) : null}
    </li>
  );
}

/** A message's text with its URLs as links (each click reported like a source's). */
function LinkedContent({ text, onLinkClick }: { text: string; onLinkClick: (url: string) => void }) {
  return (
    <>
      {linkify(text).map((piece, i) =>
        piece.kind === "text" ? (
          <span key={i}>{piece.text}</span>
        ) : (
          <ExternalLink key={i} url={piece.url} onClick={onLinkClick}>
            {piece.text}
          </ExternalLink>
        ),
      )}
    </>
  );
}
