"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "@/components/lib/format";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Loading, Skeleton } from "@/components/ui/skeleton";
import { ChangeList } from "@/components/templates/change-list";
import type { TemplateDetail } from "@/components/templates/types";
import { useTRPC } from "@/trpc/react";

function VersionDiff({ templateId, from, to }: { templateId: string; from: number; to: number }) {
  const trpc = useTRPC();
  const diff = useQuery(trpc.agencyTemplates.diff.queryOptions({ template_id: templateId, from, to }));
  if (diff.isPending)
    return (
      <Loading label="Comparing the versions…">
        <Skeleton className="h-6" />
      </Loading>
    );
  if (diff.error) return <ErrorAlert title="Couldn't compare the versions." message={diff.error.message} />;
  return <ChangeList changes={diff.data.changes} empty="Nothing changed from the version before." />;
}

/** The template's versions, newest first, with their notes and what each changed from the one before. */
export function VersionList({ templateId, versions }: { templateId: string; versions: TemplateDetail["versions"] }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ol aria-label="Versions" className="divide-y divide-gray-100">
      {versions.map((v) => (
        <li key={v.version} className="space-y-2 py-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <div className="min-w-0">
              <span className="font-medium text-gray-900">Version {v.version}</span>
              <span className="ml-2 text-xs text-gray-500">
                <time dateTime={v.created_at}>{formatDateTime(v.created_at)}</time>
              </span>
              {v.note ? <p className="text-sm text-gray-700 [overflow-wrap:anywhere]">{v.note}</p> : null}
              {v.variables.length ? <p className="text-xs text-gray-500">Variables: {v.variables.map((name) => `{${name}}`).join(", ")}</p> : null}
            </div>
            {v.version > 1 ? (
              <Button size="sm" variant="ghost" aria-expanded={open === v.version} onClick={() => setOpen(open === v.version ? null : v.version)}>
                {open === v.version ? "Hide changes" : `Changes from version ${v.version - 1}`}
              </Button>
            ) : null}
          </div>
          {open === v.version ? <VersionDiff templateId={templateId} from={v.version - 1} to={v.version} /> : null}
        </li>
      ))}
    </ol>
  );
}
