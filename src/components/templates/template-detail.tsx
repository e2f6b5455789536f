"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatDateTime } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { pageFallback } from "@/components/templates/page-state";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { LinkedChatbots } from "@/components/templates/linked-chatbots";
import { PublishVersionForm } from "@/components/templates/publish-version-form";
import { RolloutStatusBadge } from "@/components/templates/rollout-badge";
import { RolloutPlanner } from "@/components/templates/rollout-planner";
import { VersionList } from "@/components/templates/version-list";
import { useTRPC } from "@/trpc/react";

function Rollouts({ templateId }: { templateId: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.agencyTemplates.rollouts.queryOptions({ template_id: templateId }));
  if (query.isPending || query.error || !query.data.rollouts.length) return <p className="text-sm text-gray-500">{query.error ? query.error.message : "No rollout yet."}</p>;
  return (
    <Table aria-label="Rollouts">
      <THead>
        <TR>
          <TH>Started</TH>
          <TH>Version</TH>
          <TH>Status</TH>
          <TH>Applied</TH>
          <TH>Rolled back</TH>
          <TH>Skipped</TH>
        </TR>
      </THead>
      <TBody>
        {query.data.rollouts.map((r) => (
          <TR key={r.id}>
            <TD>
              <Link href={`/templates/${templateId}/rollouts/${r.id}`} className="text-indigo-700 hover:underline">
                <time dateTime={r.created_at}>{formatDateTime(r.created_at)}</time>
              </Link>
            </TD>
            <TD>v{r.version}</TD>
            <TD>
              <RolloutStatusBadge status={r.status} />
            </TD>
            <TD>{r.counts.applied}</TD>
            <TD>{r.counts.rolled_back}</TD>
            <TD>{r.counts.skipped}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

/** One template: publish a version, roll one out with its preview, its versions, linked chatbots and rollouts. */
export function TemplateDetail({ templateId }: { templateId: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.agencyTemplates.get.queryOptions({ template_id: templateId }));
  const [panel, setPanel] = useState<"publish" | "rollout" | null>(null);
  const back = (
    <Link href="/templates" className="mb-3 inline-block text-sm text-gray-600 hover:text-gray-900">
      ← Templates
    </Link>
  );
  const fallback = pageFallback(query, {
    back,
    loading: "Loading the template…",
    notFound: { title: "Template not found", description: "There is no template with this address in your agency." },
    failed: "Couldn't load the template.",
  });
  if (fallback || !query.data) return fallback;
  const { template, versions, chatbots } = query.data;
  return (
    <div className="space-y-6">
      <div>
        {back}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h1 className="truncate text-xl font-semibold tracking-tight text-gray-900">{template.name}</h1>
            <p className="mt-1 text-sm text-gray-500">
              Version {template.latest_version} · {template.linked_chatbots} linked chatbot{template.linked_chatbots === 1 ? "" : "s"}
              {template.master_chatbot_id ? (
                <>
                  {" "}
                  ·{" "}
                  <Link href={`/chatbots/${template.master_chatbot_id}/settings`} className="text-indigo-700 underline underline-offset-2">
                    Edit the master chatbot
                  </Link>
                </>
              ) : null}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setPanel("publish")} disabled={!template.master_chatbot_id}>
              Publish new version
            </Button>
            <Button onClick={() => setPanel("rollout")}>Roll out</Button>
          </div>
        </div>
      </div>
      {panel === "publish" ? <PublishVersionForm templateId={templateId} onDone={() => setPanel(null)} /> : null}
      {panel === "rollout" ? <RolloutPlanner templateId={templateId} latest={template.latest_version} onCancel={() => setPanel(null)} /> : null}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Versions</CardTitle>
          </CardHeader>
          <CardBody>
            <VersionList templateId={templateId} versions={versions} />
          </CardBody>
        </Card>
        <section aria-labelledby="rollouts-heading" className="space-y-3">
          <h2 id="rollouts-heading" className="text-sm font-semibold text-gray-900">
            Rollouts
          </h2>
          <Rollouts templateId={templateId} />
        </section>
      </div>
      <section aria-labelledby="linked-heading" className="space-y-3">
        <h2 id="linked-heading" className="text-sm font-semibold text-gray-900">
          Linked chatbots
        </h2>
        <LinkedChatbots chatbots={chatbots} latest={template.latest_version} />
      </section>
      <p className="text-xs text-gray-500">
        Create clients from this template on the{" "}
        <Link href="/clients/new" className="text-indigo-700 underline underline-offset-2">
          new client
        </Link>{" "}
        page, or add an agent from it on a client&apos;s page.
      </p>
    </div>
  );
}
