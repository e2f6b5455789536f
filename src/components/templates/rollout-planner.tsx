"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { fieldErrorsOf } from "@/components/lib/trpc-error";
import { FormField } from "@/components/clients/form-field";
import { ErrorAlert, FormError } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Loading, SkeletonRows } from "@/components/ui/skeleton";
import { ChangeList, OverrideList } from "@/components/templates/change-list";
import type { Preview } from "@/components/templates/types";
import { useTRPC } from "@/trpc/react";

const STATUS_WORDS = { changes: "will change", no_changes: "nothing to change", skipped: "skipped" } as const;

function PreviewRows({ preview }: { preview: Preview }) {
  if (!preview.chatbots.length) return <p className="text-sm text-gray-500">No chatbot is linked to this template yet.</p>;
  return (
    <ul aria-label="Preview" className="divide-y divide-gray-100 rounded-lg border border-gray-200">
      {preview.chatbots.map((c) => (
        <li key={c.chatbot_id} className="space-y-2 px-4 py-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-gray-900">{c.name}</span>
            {c.client ? <span className="text-sm text-gray-500">{c.client.name}</span> : null}
            <span className="text-xs text-gray-500">on version {c.from_version}</span>
            <Badge tone={c.status === "changes" ? "indigo" : c.status === "skipped" ? "amber" : "neutral"}>{STATUS_WORDS[c.status]}</Badge>
          </div>
          {c.reason ? <p className="text-sm text-amber-800">{c.reason}</p> : null}
          {c.status === "changes" ? <ChangeList changes={c.changes} /> : null}
          {c.kept_overrides.length ? <OverrideList overrides={c.kept_overrides} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** "Roll out": a version, what it would do to each linked chatbot (overrides kept), the quality gate, start. */
export function RolloutPlanner({ templateId, latest, onCancel }: { templateId: string; latest: number; onCancel: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(latest);
  const [gate, setGate] = useState("5");
  const preview = useQuery(trpc.agencyTemplates.preview.queryOptions({ template_id: templateId, version: String(version) }, { staleTime: 0 }));
  const start = useMutation(
    trpc.agencyTemplates.startRollout.mutationOptions({
      onSuccess: async ({ rollout }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.agencyTemplates.pathKey() });
        router.push(`/templates/${templateId}/rollouts/${rollout.id}`);
      },
    }),
  );
  const errors = fieldErrorsOf(start.error);
  const drop = gate.trim() === "" ? null : Number(gate);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Roll out a version</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Version" error={errors.version?.[0]}>
            {(c) => (
              <Select {...c} value={version} onChange={(e) => setVersion(Number(e.target.value))}>
                {Array.from({ length: latest }, (_, i) => latest - i).map((v) => (
                  <option key={v} value={v}>
                    Version {v}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Quality gate: largest score drop" optional error={errors.max_score_drop?.[0]} hint="After applying, each chatbot's quality evaluation runs; one whose score falls by more points is rolled back. Empty: no gate.">
            {(c) => <Input {...c} value={gate} onChange={(e) => setGate(e.target.value)} inputMode="decimal" />}
          </FormField>
        </div>
        <h3 className="text-sm font-semibold text-gray-900">Preview</h3>
        {preview.isPending ? (
          <Loading label="Previewing the version…" className="space-y-2">
            <SkeletonRows count={3} className="h-10" />
          </Loading>
        ) : preview.error ? (
          <ErrorAlert title="Couldn't preview this version." message={preview.error.message} onRetry={() => void preview.refetch()} />
        ) : (
          <PreviewRows preview={preview.data} />
        )}
        <FormError message={start.error ? [start.error.message, ...(errors.chatbot_ids ?? []).filter((m) => m !== start.error?.message)].join(" ") : null} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            disabled={start.isPending || !preview.data?.chatbots.length || (drop !== null && Number.isNaN(drop))}
            aria-busy={start.isPending || undefined}
            onClick={() => start.mutate({ template_id: templateId, version, chatbot_ids: "all", max_score_drop: drop })}
          >
            {start.isPending ? "Starting…" : "Roll out to all"}
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
