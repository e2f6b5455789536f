"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { ConversationsChart } from "@/components/analytics/conversations-chart";
import { FeedbackCard } from "@/components/analytics/feedback-card";
import { countDelta, flagEmoji, formatCount, formatDuration, formatNumber, formatPercent, longDayLabel, pointsDelta } from "@/components/analytics/format";
import { InsightThemes } from "@/components/analytics/insight-themes";
import { MetricCard } from "@/components/analytics/metric-card";
import { RangePicker, type DateRange } from "@/components/analytics/range-picker";
import { RankedList } from "@/components/analytics/ranked-list";
import { ChatIcon } from "@/components/icons";
import type { RouterOutputs } from "@/components/lib/trpc-types";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useTRPC } from "@/trpc/react";

type Dashboard = RouterOutputs["analytics"]["dashboard"];

/**
 * The analytics page of one chatbot. The range lives in the URL (`?from=&to=`)
 * so a view can be shared and survives a reload; without it the API's
 * default (the last 30 days) applies.
 */
export function AnalyticsView({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const from = params.get("from") ?? undefined;
  const to = params.get("to") ?? undefined;
  const query = useQuery({
    ...trpc.analytics.dashboard.queryOptions({ chatbot_id: chatbotId, from, to }),
    placeholderData: keepPreviousData,
  });

  const setRange = (range: DateRange) => router.replace(`${pathname}?from=${range.from}&to=${range.to}`, { scroll: false });

  if (query.isPending) return <AnalyticsSkeleton />;
  if (query.error && !query.data) {
    const notFound = query.error.data?.httpStatus === 404;
    return notFound ? (
      <EmptyState
        icon={<ChatIcon className="size-5" />}
        title="Chatbot not found"
        description="It may have been deleted, or it belongs to a workspace you cannot access."
        action={
          <Link href="/chatbots" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
            Back to my chatbots
          </Link>
        }
      />
    ) : (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p className="font-medium">Couldn&apos;t load analytics.</p>
        <p className="mt-1 text-red-700">{query.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => router.replace(pathname, { scroll: false })}>
          Show the last 30 days
        </Button>
      </div>
    );
  }
  const data = query.data!;
  return (
    <AnalyticsContent
      data={data}
      onRangeChange={setRange}
      updating={query.isFetching && query.isPlaceholderData}
      error={query.error?.message ?? null}
    />
  );
}

function AnalyticsContent({
  data,
  onRangeChange,
  updating,
  error,
}: {
  data: Dashboard;
  onRangeChange: (range: DateRange) => void;
  updating: boolean;
  error: string | null;
}) {
  const a = data.analytics;
  const days = Object.keys(a.conversationsPerDay).length;
  const previousDays = Object.keys(data.previousConversationsPerDay);
  const previousAverage = Math.round((a.previousPeriodConversations / days) * 100) / 100;
  // Rates of a period without conversations are not 0 %, they do not exist: compare nothing then.
  const compare = a.previousPeriodConversations > 0;
  const noEarlier = compare ? undefined : "no conversations before";
  const { popular } = a;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          {/* The chatbot layout above carries the breadcrumb and the chatbot's name. */}
          <h1 className="text-xl font-semibold tracking-tight text-gray-900">Analytics</h1>
          <p className="mt-1 text-sm text-gray-500" data-testid="analytics-period">
            <span className="font-medium text-gray-700">
              {longDayLabel(a.fromDate)} – {longDayLabel(a.toDate)}
            </span>{" "}
            · {days} {days === 1 ? "day" : "days"}, compared with {longDayLabel(previousDays[0] ?? a.fromDate)} – {longDayLabel(previousDays.at(-1) ?? a.fromDate)}
          </p>
        </div>
        <RangePicker value={{ from: a.fromDate, to: a.toDate }} onChange={onRangeChange} busy={updating} />
      </div>

      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}

      <div className={updating ? "space-y-6 opacity-60 transition-opacity" : "space-y-6 transition-opacity"} aria-busy={updating}>
        <section aria-label="Headline metrics" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <MetricCard
            label="Conversations"
            value={formatCount(a.totalConversations)}
            delta={countDelta(a.totalConversations, a.previousPeriodConversations)}
            previous={formatCount(a.previousPeriodConversations)}
          />
          <MetricCard
            label="Per day"
            value={formatNumber(a.averageConversationsPerDay)}
            delta={countDelta(a.averageConversationsPerDay, previousAverage)}
            previous={formatNumber(previousAverage)}
          />
          <MetricCard
            label="Answered questions"
            value={formatPercent(a.answeredQuestionsPercentage)}
            delta={compare ? pointsDelta(a.answeredQuestionsPercentage, a.previousPeriodAnsweredQuestionsPercentage) : undefined}
            previous={compare ? formatPercent(a.previousPeriodAnsweredQuestionsPercentage) : undefined}
            hint={noEarlier}
          />
          <MetricCard
            label="Negative sentiment"
            value={formatPercent(a.negativeSentimentPercentage)}
            delta={compare ? pointsDelta(a.negativeSentimentPercentage, a.previousPeriodNegativeSentimentPercentage) : undefined}
            previous={compare ? formatPercent(a.previousPeriodNegativeSentimentPercentage) : undefined}
            hint={noEarlier}
            goodWhen="down"
          />
        </section>

        <section className="grid gap-4 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            <CardHeader className="flex items-baseline justify-between gap-2">
              <CardTitle>Conversations per day</CardTitle>
              <span className="text-xs text-gray-500">UTC</span>
            </CardHeader>
            <div className="px-3 pt-4 pb-3 sm:px-5">
              <ConversationsChart current={a.conversationsPerDay} previous={data.previousConversationsPerDay} />
            </div>
          </Card>
          <div className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
            <MetricCard
              label="Messages per conversation"
              value={formatCount(a.messagesPerConversation)}
              delta={compare ? countDelta(a.messagesPerConversation, a.previousPeriodMessagesPerConversation) : undefined}
              previous={compare ? formatCount(a.previousPeriodMessagesPerConversation) : undefined}
              hint={noEarlier}
            />
            <MetricCard label="Unique link clicks" value={formatCount(a.uniqueLinkClicks)} hint="links opened from answers" />
            <MetricCard
              label="Leads"
              value={a.leads === null ? "—" : formatCount(a.leads)}
              hint={a.leads === null ? "hidden: your role cannot view contacts" : "visitors who left an email or phone"}
            />
          </div>
        </section>

        {/* The visitors' ratings of resolved conversations and how fast the team answers (record 122). */}
        <section aria-label="Live chat" className="grid gap-4 sm:grid-cols-3" data-testid="analytics-live-chat">
          <MetricCard
            label="Customer satisfaction"
            value={a.csat.score === null ? "—" : formatPercent(a.csat.score)}
            hint={a.csat.count > 0 && a.csat.average !== null ? `rated 4 or 5 · ${formatCount(a.csat.count)} ${a.csat.count === 1 ? "rating" : "ratings"}, average ${formatNumber(a.csat.average)} of 5` : "no ratings in this period"}
          />
          <MetricCard label="First response" value={formatDuration(a.first_response_seconds)} hint="median wait for a person's first answer" />
          <MetricCard label="Resolution" value={formatDuration(a.resolution_seconds)} hint="median time from start to resolved" />
        </section>

        <section aria-label="Feedback and popular topics" className="grid gap-4 lg:grid-cols-3">
          <FeedbackCard
            positive={a.positiveFeedback}
            negative={a.negativeFeedback}
            previousPositive={a.previousPeriodPositiveFeedback}
            previousNegative={a.previousPeriodNegativeFeedback}
          />
          <RankedList
            title="Popular categories"
            unit="conversations"
            empty="No categorised conversations in this period."
            items={popular.popularCategories.map((c) => ({ key: c.name, label: c.name, text: c.name, value: c.conversations_count }))}
          />
          <RankedList
            title="Top countries"
            unit="visitors"
            empty="No visitor locations in this period."
            barClassName="bg-sky-100"
            items={popular.topCountries.map((c) => ({
              key: c.country_code,
              label: c.country,
              text: c.country,
              value: c.visitors_count,
              leading: (
                <span className="text-base leading-none" role="img" aria-label={c.country_code}>
                  {flagEmoji(c.country_code)}
                </span>
              ),
            }))}
          />
        </section>

        <section aria-label="Popular links and events" className="grid gap-4 lg:grid-cols-2">
          <RankedList
            title="Popular links"
            unit="conversations"
            empty="No links were clicked in this period."
            barClassName="bg-emerald-100"
            items={popular.popularLinks.map((l) => ({
              key: l.id,
              text: l.title || l.url,
              value: l.conversations_count,
              label: (
                <span className="flex min-w-0 flex-col">
                  <span className="truncate">{l.title || l.url}</span>
                  {l.title ? <span className="truncate text-xs text-gray-700">{l.url.replace(/^https?:\/\//, "")}</span> : null}
                </span>
              ),
            }))}
          />
          <RankedList
            title="Popular events"
            unit="times"
            empty="No widget events in this period."
            barClassName="bg-violet-100"
            items={popular.popularEvents.map((e) => ({ key: e.value, label: <EventLabel value={e.value} />, text: e.value.includes(":") ? e.value : eventWords(e.value), value: e.click_count }))}
          />
        </section>

        <InsightThemes insights={a.insights} />
      </div>
    </div>
  );
}

/** What the widget's event names mean to a person; others are read as words ("form_sent" → "Form sent"). */
const EVENT_WORDS: Record<string, string> = {
  launcher_opened: "Chat opened",
  launcher_closed: "Chat closed",
  suggested_message: "Suggested message",
  link: "Link",
};

const eventWords = (name: string) => EVENT_WORDS[name] ?? (name.charAt(0).toUpperCase() + name.slice(1)).replace(/_/g, " ");

/** `launcher_opened` → "Chat opened"; `suggested_message:Opening hours` → a muted kind and its name. */
function EventLabel({ value }: { value: string }) {
  const [kind, ...rest] = value.split(":");
  const name = rest.join(":");
  if (!name) return <span>{eventWords(value)}</span>;
  return (
    <span>
      <span className="text-xs text-gray-500">{eventWords(kind ?? "")} · </span>
      {name}
    </span>
  );
}

function AnalyticsSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <p role="status" className="sr-only">
        Loading analytics…
      </p>
      <div className="flex items-end justify-between">
        <div className="space-y-2">
          <Skeleton className="h-3 w-32" />
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-72" />
        </div>
        <Skeleton className="hidden h-8 w-96 sm:block" />
      </div>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-96 lg:col-span-2" />
        <Skeleton className="h-96" />
      </div>
    </div>
  );
}
