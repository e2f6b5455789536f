"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { applyServerErrors } from "@/components/chatbots/server-errors";
import type { SuggestedMessageItem } from "@/components/chatbots/types";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import {
  SUGGESTED_MESSAGE_LIMITS,
  SUGGESTED_MESSAGE_TYPES,
  suggestedMessageSchema,
  type SuggestedMessageForm,
  type SuggestedMessageType,
  type SuggestedMessageValues,
} from "@/server/chatbots/client";
import { withFieldName } from "@/shared/zod-errors";
import { useTRPC } from "@/trpc/react";
import { FormError } from "@/components/ui/alert";

const FIELDS = ["type", "name", "prompt", "url", "action_id"] as const;

const formTypeOf = (m: SuggestedMessageItem): SuggestedMessageType => (SUGGESTED_MESSAGE_TYPES.find((t) => t === m.type) ?? "message");

/** Add (editing null) or edit a suggested message. Rendered only while open, so each opening starts fresh. */
export function SuggestedMessageDialog({ chatbotId, editing, onClose }: { chatbotId: string; editing: SuggestedMessageItem | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const uid = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SuggestedMessageForm, unknown, SuggestedMessageValues>({
    resolver: zodResolver(suggestedMessageSchema),
    defaultValues: editing
      ? { type: formTypeOf(editing), name: editing.name, prompt: editing.prompt, url: editing.action?.type === "url" ? editing.action.url : "", action_id: editing.action?.type === "http" ? editing.action.action_id : "" }
      : { type: "message", name: "", prompt: "", url: "", action_id: "" },
  });
  const type = useWatch({ control: form.control, name: "type" });
  // The chatbot's HTTP actions, for an `http` button (only fetched once that type is chosen).
  const actions = useQuery({ ...trpc.actions.list.queryOptions({ chatbot_id: chatbotId }), enabled: type === "http" });
  const errors = form.formState.errors;
  const err = (name: (typeof FIELDS)[number]) => {
    const message = errors[name]?.message;
    return message ? withFieldName(message, name) : null;
  };

  const onSuccess = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.chatbots.prompts.list.queryKey({ chatbot_id: chatbotId }) });
    onClose();
  };
  const onError = (error: Parameters<typeof applyServerErrors>[0]) => setFormError(applyServerErrors(error, form.setError, FIELDS));
  const create = useMutation(trpc.chatbots.prompts.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.chatbots.prompts.update.mutationOptions({ onSuccess, onError }));
  const pending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    if (editing) update.mutate({ chatbot_id: chatbotId, id: editing.id, ...values });
    else create.mutate({ chatbot_id: chatbotId, ...values });
  });

  const ids = { name: `${uid}-name`, prompt: `${uid}-prompt`, url: `${uid}-url`, action: `${uid}-action` };

  return (
    <Dialog open onClose={onClose} title={editing ? "Edit suggested message" : "Add suggested message"} className="max-w-lg">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-gray-800">Type</legend>
          <div className="mt-1.5 grid grid-cols-2 gap-2">
            {(
              [
                ["message", "Message", "Sends a question for the visitor"],
                ["link", "Link", "Opens a page in a new tab"],
                ["lead_form", "Lead form", "Opens the form to leave contact details"],
                ["handoff", "Talk to a person", "Asks a person from the team to join"],
                ["http", "HTTP action", "Calls one of this chatbot's actions and shows its answer"],
              ] as const
            ).map(([value, label, description]) => (
              <label
                key={value}
                className="flex cursor-pointer items-start gap-2 rounded-md border border-gray-300 p-2.5 text-sm has-checked:border-indigo-500 has-checked:bg-indigo-50"
              >
                <input type="radio" value={value} className="mt-0.5 accent-indigo-600" {...form.register("type")} />
                <span>
                  <span className="block font-medium text-gray-900">{label}</span>
                  <span className="block text-xs text-gray-500">{description}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <Field id={ids.name} label="Button label" error={err("name")} hint="What the visitor sees on the button.">
          <Input id={ids.name} maxLength={SUGGESTED_MESSAGE_LIMITS.name} autoComplete="off" {...form.register("name")} {...describedBy(ids.name, { hint: true, error: err("name") })} />
        </Field>
        {type === "link" ? (
          <Field id={ids.url} label="Link URL" error={err("url")}>
            <Input id={ids.url} type="url" inputMode="url" placeholder="https://…" {...form.register("url")} {...describedBy(ids.url, { error: err("url") })} />
          </Field>
        ) : type === "http" ? (
          <Field id={ids.action} label="Action" error={err("action_id")} hint="An action without required parameters; the visitor reads its response.">
            <Select id={ids.action} {...form.register("action_id")} {...describedBy(ids.action, { hint: true, error: err("action_id") })}>
              <option value="">{actions.isLoading ? "Loading…" : actions.data?.length ? "Choose an action" : "No actions yet: add one under Actions"}</option>
              {(actions.data ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : type === "message" || type === "handoff" ? (
          <Field
            id={ids.prompt}
            label="Message sent"
            error={err("prompt")}
            hint={type === "handoff" ? "What the visitor is shown to have asked (the button label when empty)." : "The question the chatbot receives when the button is clicked."}
          >
            <Textarea id={ids.prompt} rows={3} maxLength={SUGGESTED_MESSAGE_LIMITS.prompt} {...form.register("prompt")} {...describedBy(ids.prompt, { hint: true, error: err("prompt") })} />
          </Field>
        ) : null}
        <FormError message={formError} />
        <DialogActions confirmLabel={editing ? "Save changes" : "Add message"} onCancel={onClose} pending={pending} />
      </form>
    </Dialog>
  );
}
