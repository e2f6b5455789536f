"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { LEAD_FIELD_TYPES, leadFormSchema, type LeadForm } from "@/server/conversations/client";
import { useTRPC } from "@/trpc/react";

const TYPE_LABELS = { text: "Text", email: "E-mail", phone: "Phone" } as const;

/** The widget's lead form (docs/decisions/059-a-real-lead-form.md): its fields, each required or not, and when it shows. */
export function LeadFormCard({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const stored = useQuery(trpc.conversations.leadForm.queryOptions({ chatbot_id: chatbotId }));
  if (!stored.data) return null;
  // Drawn once the stored form is known, then kept: saving refreshes the query, and a new editor would lose its "Saved.".
  return <LeadFormEditor key={chatbotId} chatbotId={chatbotId} initial={stored.data.form} canEdit={stored.data.can_edit} />;
}

function LeadFormEditor({ chatbotId, initial, canEdit }: { chatbotId: string; initial: LeadForm; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<LeadForm>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation(
    trpc.conversations.setLeadForm.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.conversations.leadForm.queryKey({ chatbot_id: chatbotId }) }) }),
  );
  const setField = (i: number, patch: Partial<LeadForm["fields"][number]>) => setForm((f) => ({ ...f, fields: f.fields.map((x, j) => (j === i ? { ...x, ...patch } : x)) }));
  const submit = () => {
    const parsed = leadFormSchema.safeParse(form);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Check the form.");
    setProblem(null);
    save.mutate({ chatbot_id: chatbotId, form: parsed.data });
  };
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Lead form</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        <p className="text-sm text-gray-600">
          What the widget asks a visitor who leaves their details. It is sent as data: no chat message, no answer, no credit; <code>lead.captured</code> carries the fields.
        </p>
        <fieldset disabled={!canEdit} className="space-y-3">
          <legend className="sr-only">Fields</legend>
          {form.fields.map((field, i) => (
            <div key={i} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_1fr_8rem_auto_auto]">
              <div>
                <Label htmlFor={`lead-label-${i}`}>Label</Label>
                <Input id={`lead-label-${i}`} value={field.label} maxLength={80} onChange={(e) => setField(i, { label: e.target.value })} />
              </div>
              <div>
                <Label htmlFor={`lead-key-${i}`}>Key</Label>
                <Input id={`lead-key-${i}`} value={field.key} maxLength={40} onChange={(e) => setField(i, { key: e.target.value })} />
              </div>
              <div>
                <Label htmlFor={`lead-type-${i}`}>Type</Label>
                <Select id={`lead-type-${i}`} value={field.type} onChange={(e) => setField(i, { type: e.target.value as LeadForm["fields"][number]["type"] })}>
                  {LEAD_FIELD_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {TYPE_LABELS[t]}
                    </option>
                  ))}
                </Select>
              </div>
              <CheckboxField id={`lead-required-${i}`} label="Required" checked={field.required} onChange={(e) => setField(i, { required: e.target.checked })} className="pb-2" />
              <Button variant="secondary" size="sm" aria-label={`Remove ${field.label || "field"}`} onClick={() => setForm((f) => ({ ...f, fields: f.fields.filter((_, j) => j !== i) }))}>
                Remove
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            size="sm"
            disabled={form.fields.length >= 10}
            onClick={() => setForm((f) => ({ ...f, fields: [...f.fields, { key: `field_${f.fields.length + 1}`, label: "", type: "text", required: false }] }))}
          >
            Add a field
          </Button>
          <div className="max-w-xs">
            <Label htmlFor="lead-after">Offer it after this many visitor messages (empty: never on its own)</Label>
            <Input
              id="lead-after"
              type="number"
              min={1}
              max={100}
              value={form.after_messages ?? ""}
              onChange={(e) => setForm((f) => ({ ...f, after_messages: e.target.value === "" ? null : Number(e.target.value) }))}
            />
          </div>
          <CheckboxField id="lead-on-handoff" label="When a visitor asks for a person and nobody from the team is around" checked={form.on_handoff} onChange={(e) => setForm((f) => ({ ...f, on_handoff: e.target.checked }))} />
          <CheckboxField id="lead-on-credits" label="When the chatbot can't answer because credits ran out" checked={form.on_no_credits} onChange={(e) => setForm((f) => ({ ...f, on_no_credits: e.target.checked }))} />
        </fieldset>
        {problem ? <ErrorAlert title="The lead form can't be saved." message={problem} /> : null}
        {save.error ? <ErrorAlert title="The lead form can't be saved." message={save.error.message} /> : null}
        {canEdit ? (
          <div className="flex items-center gap-3">
            <Button onClick={submit} disabled={save.isPending}>
              {save.isPending ? "Saving…" : "Save lead form"}
            </Button>
            {save.isSuccess ? <span role="status" className="text-sm text-emerald-700">Saved.</span> : null}
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
