"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatDateTime } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import { ConfirmDialog, ConsequenceList } from "@/components/ui/confirm-dialog";
import { pageFallback } from "@/components/templates/page-state";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { RolloutChatbotBadge, RolloutStatusBadge } from "@/components/templates/rollout-badge";
import { isOpen, ROLLOUT_POLL_MS, type Rollout } from "@/components/templates/types";
import { useTRPC } from "@/trpc/react";

const GATE_WORDS = {
  waiting: "waiting for training",
  evaluating: "evaluating",
  passed: "passed",
  failed: "failed",
  unmeasured: "not measured",
  off: "off",
  cancelled: "cancelled",
} as const;

function Quality({ quality }: { quality: Rollout["chatbots"][number]["quality"] }) {
  if (!quality) return <span className="text-gray-500">—</span>;
  const scores = quality.score_before !== null ? ` ${quality.score_before}${quality.score_after !== null ? ` → ${quality.score_after}` : ""}` : "";
  return (
    <span className={quality.status === "failed" ? "font-medium text-red-700" : undefined}>
      {GATE_WORDS[quality.status]}
      {scores}
    </span>
  );
}

/** How far a rollout is: chatbots done of all, for the bar and the live line. */
function progressOf(rollout: Rollout) {
  const total = rollout.chatbots.length;
  const done = rollout.status === "rolling_back" ? rollout.chatbots.filter((c) => c.status !== "applied").length : total - rollout.counts.pending - rollout.counts.checking;
  return { total, done, percent: total ? Math.round((100 * done) / total) : 100 };
}

/** One rollout, refreshed while it runs: each chatbot's status, quality gate and reason; "Roll back". */
export function RolloutProgress({ templateId, rolloutId }: { templateId: string; rolloutId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(
    trpc.agencyTemplates.rollout.queryOptions({ template_id: templateId, rollout_id: rolloutId }, { refetchInterval: (q) => (q.state.data && isOpen(q.state.data.rollout.status) ? ROLLOUT_POLL_MS : false) }),
  );
  const [confirming, setConfirming] = useState(false);
  const rollback = useMutation(
    trpc.agencyTemplates.rollback.mutationOptions({
      onSuccess: async (data) => {
        setConfirming(false);
        queryClient.setQueryData(trpc.agencyTemplates.rollout.queryKey({ template_id: templateId, rollout_id: rolloutId }), data);
        await queryClient.invalidateQueries({ queryKey: trpc.agencyTemplates.pathKey() });
      },
    }),
  );
  const back = (
    <Link href={`/templates/${templateId}`} className="mb-3 inline-block text-sm text-gray-600 hover:text-gray-900">
      ← Template
    </Link>
  );
  const fallback = pageFallback(query, { back, loading: "Loading the rollout…", notFound: { title: "Rollout not found" }, failed: "Couldn't load the rollout." });
  if (fallback || !query.data) return fallback;
  const { rollout } = query.data;
  const progress = progressOf(rollout);
  return (
    <div className="space-y-6">
      <div>
        {back}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <div className="flex items-center gap-2">
              <h1 className="text-xl font-semibold tracking-tight text-gray-900">Rollout of version {rollout.version}</h1>
              <RolloutStatusBadge status={rollout.status} />
            </div>
            <p className="mt-1 text-sm text-gray-500">
              Started <time dateTime={rollout.created_at}>{formatDateTime(rollout.created_at)}</time> · quality gate{" "}
              {rollout.max_score_drop === null ? "off" : `rolls back a drop of more than ${rollout.max_score_drop} points`}
            </p>
          </div>
          {rollout.status === "running" || rollout.status === "completed" ? (
            <Button variant="danger" onClick={() => setConfirming(true)} disabled={rollout.counts.applied === 0 && rollout.counts.pending === 0}>
              Roll back
            </Button>
          ) : null}
        </div>
      </div>
      <div className="space-y-2">
        <div className="h-2 overflow-hidden rounded-full bg-gray-200" role="progressbar" aria-label="Rollout progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress.percent}>
          <div className="h-full bg-indigo-600 transition-all" style={{ width: `${progress.percent}%` }} />
        </div>
        <p role="status" className="text-sm text-gray-700">
          {progress.done} of {progress.total} chatbots done · {rollout.counts.applied} applied, {rollout.counts.rolled_back} rolled back, {rollout.counts.skipped} skipped
          {rollout.counts.checking ? `, ${rollout.counts.checking} in the quality gate` : ""}.
        </p>
      </div>
      <Table aria-label="Chatbots of the rollout">
        <THead>
          <TR>
            <TH>Chatbot</TH>
            <TH>Client</TH>
            <TH>Status</TH>
            <TH>Quality</TH>
            <TH>Changes / reason</TH>
          </TR>
        </THead>
        <TBody>
          {rollout.chatbots.map((c) => (
            <TR key={c.chatbot_id} data-chatbot-id={c.chatbot_id}>
              <TD className="font-medium text-gray-900">
                <Link href={`/chatbots/${c.chatbot_id}/settings`} className="text-indigo-700 hover:underline">
                  {c.name}
                </Link>
              </TD>
              <TD>{c.client?.name ?? "Agency"}</TD>
              <TD>
                <RolloutChatbotBadge status={c.status} />
              </TD>
              <TD>
                <Quality quality={c.quality} />
              </TD>
              <TD className="text-sm">
                <div className="max-w-sm min-w-48 whitespace-normal">
                  {c.reason ?? (c.changes.length ? c.changes.map((x) => x.label).join(", ") : "—")}
                  {c.kept_overrides.length ? <span className="block text-xs text-gray-500">Kept: {c.kept_overrides.map((o) => o.label).join(", ")}</span> : null}
                </div>
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <ConfirmDialog
        open={confirming}
        title="Roll this rollout back?"
        description={
          <ConsequenceList
            points={[
              "Every chatbot it changed gets back its state from before, its own overrides included.",
              "Chatbots it has not reached yet are left alone.",
              "A chatbot moved to another version since is not touched.",
            ]}
          />
        }
        confirmLabel="Roll back"
        pending={rollback.isPending}
        error={rollback.error?.message ?? null}
        onConfirm={() => rollback.mutate({ template_id: templateId, rollout_id: rolloutId })}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
