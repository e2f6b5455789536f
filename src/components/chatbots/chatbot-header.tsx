import { Breadcrumb } from "@/components/ui/breadcrumb";
import { ChatIcon } from "@/components/icons";
import { humanize } from "@/components/lib/format";
import type { ChatbotOverview } from "@/components/chatbots/types";
import { QualityFlag } from "@/components/chatbots/quality/quality-flag";
import { Badge } from "@/components/ui/badge";

/** Name, type and workspace of the chatbot, with a breadcrumb back to the list. */
export function ChatbotHeader({ overview }: { overview: ChatbotOverview }) {
  const { chatbot, can_edit } = overview;
  return (
    <div className="mb-5">
      <Breadcrumb href="/chatbots" label="Chatbots" current={chatbot.name} />
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600" aria-hidden="true">
          <ChatIcon className="size-5" />
        </div>
        <div className="min-w-0">
          <h1 className="truncate text-xl font-semibold tracking-tight text-gray-900" data-testid="chatbot-name">
            {chatbot.name}
          </h1>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-500">
            <Badge>{humanize(chatbot.type)}</Badge>
            <span>in {chatbot.team_name}</span>
            {can_edit ? null : <Badge tone="amber">Read only</Badge>}
            <QualityFlag chatbotId={chatbot.id} />
          </div>
        </div>
      </div>
    </div>
  );
}
