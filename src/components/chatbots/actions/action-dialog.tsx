"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { ACTION_LIMITS, ACTION_METHODS, EMPTY_PARAMETERS, type ActionMethod } from "@/server/actions/client";
import { withFieldName } from "@/shared/zod-errors";
import type { RouterOutputs } from "@/components/lib/trpc-types";
import { useTRPC } from "@/trpc/react";
import { FormError } from "@/components/ui/alert";

export type ActionItem = RouterOutputs["actions"]["list"][number];

const FIELDS = ["name", "description", "method", "url", "headers", "parameters"] as const;
type FieldName = (typeof FIELDS)[number];

/** "Name: value" lines; a line without a value keeps the stored one (values are never shown). */
function parseHeaders(text: string): Array<{ name: string; value?: string }> {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(":");
      if (colon === -1) return { name: line };
      const value = line.slice(colon + 1).trim();
      return value ? { name: line.slice(0, colon).trim(), value } : { name: line.slice(0, colon).trim() };
    });
}

/** Add (editing null) or edit an HTTP action. Rendered only while open, so each opening starts fresh. */
export function ActionDialog({ chatbotId, editing, onClose }: { chatbotId: string; editing: ActionItem | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const uid = useId();
  const [values, setValues] = useState({
    name: editing?.name ?? "",
    description: editing?.description ?? "",
    method: (editing?.method ?? "GET") as ActionMethod,
    url: editing?.url ?? "",
    headers: editing ? editing.headers.map((h) => `${h.name}:`).join("\n") : "",
    parameters: JSON.stringify(editing?.parameters ?? EMPTY_PARAMETERS, null, 2),
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (field: FieldName) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const onSuccess = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.actions.list.queryKey({ chatbot_id: chatbotId }) });
    onClose();
  };
  const onError = (error: { message: string; data?: { fieldErrors?: Record<string, string[]> } | null }) => {
    const next: Partial<Record<FieldName, string>> = {};
    for (const [path, messages] of Object.entries(error.data?.fieldErrors ?? {})) {
      const field = FIELDS.find((f) => path === f || path.startsWith(`${f}.`));
      if (field && messages[0]) next[field] ??= withFieldName(messages[0], field);
    }
    setErrors(next);
    setFormError(Object.keys(next).length ? "Some fields are not valid. Check the highlighted fields." : error.message);
  };
  const create = useMutation(trpc.actions.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.actions.update.mutationOptions({ onSuccess, onError }));
  const pending = create.isPending || update.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    let parameters: Record<string, unknown>;
    try {
      parameters = JSON.parse(values.parameters || "{}") as Record<string, unknown>;
    } catch {
      setErrors({ parameters: "The parameters field must be JSON (a JSON Schema object)." });
      return;
    }
    setErrors({});
    const body = { name: values.name, description: values.description, method: values.method, url: values.url, headers: parseHeaders(values.headers), parameters };
    if (editing) update.mutate({ chatbot_id: chatbotId, action_id: editing.id, ...body });
    else create.mutate({ chatbot_id: chatbotId, ...body });
  };

  const ids = { name: `${uid}-name`, description: `${uid}-description`, method: `${uid}-method`, url: `${uid}-url`, headers: `${uid}-headers`, parameters: `${uid}-parameters` };

  return (
    <Dialog open onClose={onClose} title={editing ? "Edit action" : "Add action"} className="max-w-xl">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id={ids.name} label="Name" error={errors.name} hint="How the agent refers to it: letters, digits, _ and -, e.g. order_status.">
          <Input id={ids.name} maxLength={ACTION_LIMITS.name} autoComplete="off" value={values.name} onChange={set("name")} {...describedBy(ids.name, { hint: true, error: errors.name })} />
        </Field>
        <Field id={ids.description} label="What it does" error={errors.description} hint="Read by the agent to decide when to call it.">
          <Textarea id={ids.description} rows={2} maxLength={ACTION_LIMITS.description} value={values.description} onChange={set("description")} {...describedBy(ids.description, { hint: true, error: errors.description })} />
        </Field>
        <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
          <Field id={ids.method} label="Method" error={errors.method}>
            <Select id={ids.method} value={values.method} onChange={set("method")} {...describedBy(ids.method, { error: errors.method })}>
              {ACTION_METHODS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={ids.url} label="URL" error={errors.url} hint="{order_id} is filled from the parameter of that name.">
            <Input id={ids.url} type="url" inputMode="url" placeholder="https://api.example.com/orders/{order_id}" value={values.url} onChange={set("url")} {...describedBy(ids.url, { hint: true, error: errors.url })} />
          </Field>
        </div>
        <Field id={ids.headers} label="Headers" error={errors.headers} hint={editing ? "One per line, Name: value. Values are stored encrypted and never shown: a name alone keeps its value." : "One per line, Name: value. Values are stored encrypted and never shown again."}>
          <Textarea id={ids.headers} rows={2} className="font-mono text-xs" placeholder="Authorization: Bearer …" value={values.headers} onChange={set("headers")} {...describedBy(ids.headers, { hint: true, error: errors.headers })} />
        </Field>
        <Field id={ids.parameters} label="Parameters (JSON Schema)" error={errors.parameters} hint="What the agent must provide, as a JSON Schema object.">
          <Textarea id={ids.parameters} rows={6} className="font-mono text-xs" spellCheck={false} value={values.parameters} onChange={set("parameters")} {...describedBy(ids.parameters, { hint: true, error: errors.parameters })} />
        </Field>
        <FormError message={formError} />
        <DialogActions confirmLabel={editing ? "Save changes" : "Add action"} onCancel={onClose} pending={pending} />
      </form>
    </Dialog>
  );
}
