"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { TemplateIcon } from "@/components/icons";
import { formatDate } from "@/components/lib/format";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Loading, SkeletonRows } from "@/components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { NewTemplateForm } from "@/components/templates/new-template-form";
import { useTRPC } from "@/trpc/react";

const DESCRIPTION = "One well-built agent, rolled out to many clients and kept in step: each client keeps its own changes.";

/** `/templates`: the agency's templates and "New template". */
export function TemplatesHome() {
  const trpc = useTRPC();
  const query = useQuery(trpc.agencyTemplates.list.queryOptions());
  const [adding, setAdding] = useState(false);

  let body;
  if (query.isPending)
    body = (
      <Loading label="Loading templates…" className="space-y-2 rounded-lg border border-gray-200 bg-white p-4">
        <SkeletonRows count={3} className="h-8" />
      </Loading>
    );
  else if (query.error) body = <ErrorAlert title="Couldn't load your templates." message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  else if (!query.data.templates.length)
    body = (
      <EmptyState
        icon={<TemplateIcon className="size-5" />}
        title="No templates yet"
        description="Make a template of a chatbot you built well, then create clients from it and roll improvements out to all of them."
      />
    );
  else
    body = (
      <Table aria-label="Templates">
        <THead>
          <TR>
            <TH>Template</TH>
            <TH>Latest version</TH>
            <TH>Linked chatbots</TH>
            <TH>Created</TH>
          </TR>
        </THead>
        <TBody>
          {query.data.templates.map((t) => (
            <TR key={t.id} className="hover:bg-gray-50">
              <TD className="font-medium text-gray-900">
                <Link href={`/templates/${t.id}`} className="text-indigo-700 hover:underline">
                  {t.name}
                </Link>
              </TD>
              <TD>v{t.latest_version}</TD>
              <TD>{t.linked_chatbots}</TD>
              <TD>
                <time dateTime={t.created_at}>{formatDate(t.created_at)}</time>
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
    );

  return (
    <>
      <PageHeader title="Templates" description={DESCRIPTION} actions={adding ? null : <Button onClick={() => setAdding(true)}>New template</Button>} />
      <div className="space-y-6">
        {adding ? <NewTemplateForm onCancel={() => setAdding(false)} /> : null}
        {body}
      </div>
    </>
  );
}
