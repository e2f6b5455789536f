import Link from "next/link";
import { ChatIcon } from "@/components/icons";
import { formatDate, humanize } from "@/components/lib/format";
import type { ChatbotListItem } from "@/components/lib/trpc-types";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";

export function ChatbotCard({ chatbot }: { chatbot: ChatbotListItem }) {
  const headingId = `chatbot-${chatbot.id}-name`;
  return (
    <Card className="relative flex w-full flex-col p-5 transition-shadow focus-within:ring-2 focus-within:ring-indigo-600 hover:border-indigo-200 hover:shadow-md" data-chatbot-id={chatbot.id}>
      <article aria-labelledby={headingId} className="flex flex-1 flex-col">
        <div className="flex items-start gap-3">
          <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600" aria-hidden="true">
            <ChatIcon className="size-[18px]" />
          </div>
          <div className="min-w-0 flex-1">
            <h2 id={headingId} className="truncate text-sm font-semibold text-gray-900" title={chatbot.name}>
              {/* The whole card is the link's hit area (::after), while the accessible name stays the chatbot's name. */}
              <Link href={`/chatbots/${chatbot.id}`} className="after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none">
                {chatbot.name}
              </Link>
            </h2>
            <div className="mt-1">
              <Badge>{humanize(chatbot.type)}</Badge>
            </div>
          </div>
        </div>
        <dl className="mt-5 grid grid-cols-2 gap-3 border-t border-gray-100 pt-4 text-sm">
          <div>
            <dt className="text-xs text-gray-500">Open conversations</dt>
            <dd className="mt-0.5 flex items-center gap-2 font-medium text-gray-900">
              <span className="tabular-nums">{chatbot.open_count}</span>
              {chatbot.unread_count > 0 ? <Badge tone="indigo">{chatbot.unread_count} unread</Badge> : null}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-gray-500">Created</dt>
            <dd className="mt-0.5 font-medium text-gray-900">
              <time dateTime={chatbot.created_at}>{formatDate(chatbot.created_at)}</time>
            </dd>
          </div>
        </dl>
      </article>
    </Card>
  );
}
