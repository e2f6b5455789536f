"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { applyServerErrors } from "@/components/chatbots/server-errors";
import type { UpdatedAnswerItem } from "@/components/chatbots/types";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { UPDATED_ANSWER_LIMITS, updatedAnswerSchema, type UpdatedAnswerForm } from "@/server/chatbots/client";
import { withFieldName } from "@/shared/zod-errors";
import { useTRPC } from "@/trpc/react";
import { FormError } from "@/components/ui/alert";

const FIELDS = ["question", "suggested_answer"] as const;
const LABELS = { question: "Question", suggested_answer: "Answer" } as const satisfies Record<(typeof FIELDS)[number], string>;

/** Add (editing null, optionally `prefill`ed, e.g. from a conversation) or edit an updated answer. Rendered only while open. */
export function UpdatedAnswerDialog({
  chatbotId,
  editing,
  prefill,
  onClose,
}: {
  chatbotId: string;
  editing: UpdatedAnswerItem | null;
  prefill?: { question: string; suggested_answer: string };
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const uid = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<UpdatedAnswerForm>({
    resolver: zodResolver(updatedAnswerSchema),
    defaultValues: { question: editing?.question ?? prefill?.question ?? "", suggested_answer: editing?.suggested_answer ?? prefill?.suggested_answer ?? "" },
  });
  const err = (name: (typeof FIELDS)[number]) => {
    const message = form.formState.errors[name]?.message;
    // Named by the label the person sees ("Answer"), not the wire name.
    return message ? withFieldName(message, LABELS[name].toLowerCase()) : null;
  };

  const onSuccess = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.chatbots.finetunes.list.queryKey({ chatbot_id: chatbotId }) });
    onClose();
  };
  const onError = (error: Parameters<typeof applyServerErrors>[0]) => setFormError(applyServerErrors(error, form.setError, FIELDS));
  const create = useMutation(trpc.chatbots.finetunes.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.chatbots.finetunes.update.mutationOptions({ onSuccess, onError }));
  const pending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    if (editing) update.mutate({ chatbot_id: chatbotId, id: editing.id, ...values });
    else create.mutate({ chatbot_id: chatbotId, ...values });
  });

  const ids = { question: `${uid}-question`, answer: `${uid}-answer` };
  return (
    <Dialog
      open
      onClose={onClose}
      title={editing ? "Edit updated answer" : "Add updated answer"}
      description="When a visitor asks this question (or something close to it), the chatbot gives this answer instead of searching its sources."
      className="max-w-lg"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id={ids.question} label={LABELS.question} error={err("question")}>
          <Input id={ids.question} maxLength={UPDATED_ANSWER_LIMITS.question} autoComplete="off" {...form.register("question")} {...describedBy(ids.question, { error: err("question") })} />
        </Field>
        <Field id={ids.answer} label={LABELS.suggested_answer} error={err("suggested_answer")}>
          <Textarea id={ids.answer} rows={5} maxLength={UPDATED_ANSWER_LIMITS.suggestedAnswer} {...form.register("suggested_answer")} {...describedBy(ids.answer, { error: err("suggested_answer") })} />
        </Field>
        <FormError message={formError} />
        <DialogActions confirmLabel={editing ? "Save changes" : "Add answer"} onCancel={onClose} pending={pending} />
      </form>
    </Dialog>
  );
}
