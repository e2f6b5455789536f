"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "next/navigation";
import { useChatbot } from "@/components/chatbots/chatbot-context";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteConfirm } from "@/components/ui/use-delete-confirm";
import { PlusIcon, SparkIcon } from "@/components/chatbots/icons";
import { ReadOnlyNotice } from "@/components/chatbots/read-only-notice";
import type { UpdatedAnswerItem } from "@/components/chatbots/types";
import { formatDate } from "@/components/lib/format";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Loading, SkeletonRows } from "@/components/ui/skeleton";
import { useTRPC } from "@/trpc/react";
import { UpdatedAnswerDialog } from "./updated-answer-dialog";

/** Question and answer pairs that override what the sources say (editors and up may change them). */
export function UpdatedAnswersManager({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { can_edit } = useChatbot();
  const query = useQuery(trpc.chatbots.finetunes.list.queryOptions({ chatbot_id: chatbotId }));
  const [dialog, setDialog] = useState<{ editing: UpdatedAnswerItem | null } | null>(null);
  const remove = useMutation(
    trpc.chatbots.finetunes.delete.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.chatbots.finetunes.list.queryKey({ chatbot_id: chatbotId }) }) }),
  );
  const deleting = useDeleteConfirm(remove, (a: UpdatedAnswerItem) => ({ chatbot_id: chatbotId, id: a.id }));
  // A report's "Answer this" link (`?answer=<signed token>`): the form opens with its question filled in.
  const answerToken = useSearchParams()?.get("answer") ?? null;
  const fromReport = useQuery(trpc.reports.answerLink.queryOptions({ token: answerToken ?? "" }, { enabled: answerToken !== null && can_edit, retry: false }));
  const [reportDismissed, setReportDismissed] = useState(false);
  const reportPrefill = fromReport.data && fromReport.data.chatbot_id === chatbotId && !reportDismissed ? { question: fromReport.data.question, suggested_answer: "" } : null;

  if (query.isPending) {
    return (
      <Loading label="Loading updated answers…" className="space-y-2">
        <SkeletonRows count={2} className="h-24" />
      </Loading>
    );
  }
  if (query.error) {
    return <ErrorAlert title="Couldn't load the updated answers." message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }

  // Newest first: the answer just added is at the top.
  const answers = [...query.data].reverse();
  const addButton = can_edit ? (
    <Button onClick={() => setDialog({ editing: null })}>
      <PlusIcon className="size-4" />
      Add updated answer
    </Button>
  ) : null;

  return (
    <>
      <ReadOnlyNotice what="the updated answers" />
      {fromReport.error ? <ErrorAlert title="Couldn't open the question from the report." message={fromReport.error.message} className="mb-4" /> : null}
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-600">Exact answers for questions the chatbot got wrong or should always answer the same way.</p>
        {answers.length ? addButton : null}
      </div>
      {answers.length === 0 ? (
        <EmptyState
          icon={<SparkIcon className="size-5" />}
          title="No updated answers yet"
          description="Correct an answer once and the chatbot gives the corrected answer from then on."
          action={addButton}
        />
      ) : (
        <ul className="space-y-3" aria-label="Updated answers">
          {answers.map((a) => (
            <li key={a.id} data-testid="updated-answer">
              <Card className="p-4">
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
                  <dl className="min-w-0 flex-1 space-y-2 text-sm">
                    <div>
                      <dt className="text-xs font-medium tracking-wide text-gray-500 uppercase">Question</dt>
                      <dd className="mt-0.5 font-medium text-gray-900">{a.question}</dd>
                    </div>
                    <div>
                      <dt className="text-xs font-medium tracking-wide text-gray-500 uppercase">Answer</dt>
                      <dd className="mt-0.5 whitespace-pre-line text-gray-700">{a.suggested_answer}</dd>
                    </div>
                    <div className="text-xs text-gray-500">
                      <dt className="inline">Updated</dt>{" "}
                      <dd className="inline">
                        <time dateTime={a.updated_at}>{formatDate(a.updated_at)}</time>
                      </dd>
                    </div>
                  </dl>
                  {can_edit ? (
                    <div className="flex shrink-0 gap-1">
                      <Button variant="secondary" size="sm" aria-label={`Edit the answer to “${a.question}”`} onClick={() => setDialog({ editing: a })}>
                        Edit
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Delete the answer to “${a.question}”`}
                        className="text-red-700 hover:text-red-800"
                        onClick={() => deleting.ask(a)}
                      >
                        Delete
                      </Button>
                    </div>
                  ) : null}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {dialog ? <UpdatedAnswerDialog chatbotId={chatbotId} editing={dialog.editing} onClose={() => setDialog(null)} /> : null}
      {!dialog && reportPrefill ? <UpdatedAnswerDialog chatbotId={chatbotId} editing={null} prefill={reportPrefill} onClose={() => setReportDismissed(true)} /> : null}
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete updated answer?"
        description={<p>The chatbot will answer &ldquo;{deleting.target?.question}&rdquo; from its sources again.</p>}
        confirmLabel="Delete answer"
      />
    </>
  );
}
