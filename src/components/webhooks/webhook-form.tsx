"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, type ReactNode } from "react";
import { Controller, useForm, useWatch, type UseFormSetError } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { EVENT_DESCRIPTIONS, isEventType } from "@/components/webhooks/types";
import { EVENT_TYPES, type EventType } from "@/server/webhooks/client";
import { withFieldName } from "@/shared/zod-errors";
import { FormError } from "@/components/ui/alert";

/**
 * The endpoint form (create and edit). The url rule is the server's
 * (`agencyWebhooks.create`/`update`: an https:// URL of at most 2048
 * characters), with the same `{field}` messages; "All events" stands for
 * `events: null`, so the endpoint also receives event types added later.
 */
const webhookFormSchema = z
  .object({
    url: z
      .string()
      .trim()
      .min(1, "The {field} field is required.")
      .pipe(z.url({ protocol: /^https$/, error: "The {field} field must be an https:// URL." }).max(2048)),
    all_events: z.boolean(),
    events: z.array(z.enum(EVENT_TYPES)),
  })
  .refine((v) => v.all_events || v.events.length > 0, { path: ["events"], message: "Choose at least one event, or All events." });

export type WebhookFormInput = z.input<typeof webhookFormSchema>;
/** What the procedures take: `events` null = all events. */
export type WebhookFormValues = { url: string; events: EventType[] | null };

export const WEBHOOK_FORM_FIELDS = ["url", "events"] as const;

export function formDefaults(webhook?: { url: string; events: string[] | null }): WebhookFormInput {
  if (!webhook) return { url: "", all_events: true, events: [] };
  return { url: webhook.url, all_events: webhook.events === null, events: (webhook.events ?? []).filter(isEventType) };
}

/** Puts a tRPC error's field errors next to the fields; answers the message for the form's alert. */
export function applyWebhookServerErrors(
  error: { message: string; data?: { fieldErrors?: Record<string, string[]> } | null },
  setError: UseFormSetError<WebhookFormInput>,
): string {
  const entries = Object.entries(error.data?.fieldErrors ?? {});
  const known = entries.filter(([field]) => (WEBHOOK_FORM_FIELDS as readonly string[]).includes(field));
  known.forEach(([field, messages], i) =>
    setError(field as (typeof WEBHOOK_FORM_FIELDS)[number], { type: "server", message: messages[0] }, { shouldFocus: i === 0 }),
  );
  if (known.length && known.length === entries.length) return "Some fields are not valid. Check the highlighted fields.";
  return error.message;
}

export function WebhookForm({
  defaultValues,
  submitLabel,
  pending,
  formError,
  onSubmit,
  onDirtyChange,
  secondaryAction,
  status,
}: {
  defaultValues: WebhookFormInput;
  submitLabel: string;
  pending: boolean;
  /** The message of a failed submit, shown in an alert. */
  formError: string | null;
  /**
   * `setError` lets the caller put the server's field errors on the fields
   * (`applyWebhookServerErrors`). Resolving to the saved endpoint makes its
   * values the form's new starting point (not dirty any more).
   */
  onSubmit: (values: WebhookFormValues, setError: UseFormSetError<WebhookFormInput>) => Promise<{ url: string; events: string[] | null } | null> | void;
  onDirtyChange?: (dirty: boolean) => void;
  secondaryAction?: ReactNode;
  /** Shown beside the submit button, e.g. "Saved". */
  status?: ReactNode;
}) {
  const uid = useId();
  const form = useForm<WebhookFormInput, unknown, z.output<typeof webhookFormSchema>>({
    resolver: zodResolver(webhookFormSchema),
    defaultValues,
  });
  const allEvents = useWatch({ control: form.control, name: "all_events" });
  const errors = form.formState.errors;
  const { isDirty } = form.formState;
  const urlError = errors.url?.message ? withFieldName(errors.url.message, "url") : null;
  const eventsError = errors.events?.message ? withFieldName(errors.events.message, "events") : null;

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const submit = form.handleSubmit(async (values) => {
    const saved = await onSubmit({ url: values.url, events: values.all_events ? null : values.events }, form.setError);
    if (saved) form.reset(formDefaults(saved));
  });
  const ids = { url: `${uid}-url`, all: `${uid}-all-events`, events: `${uid}-events` };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <Field id={ids.url} label="Endpoint URL" error={urlError} hint="An https:// address on your server. Deliveries are POST requests with a JSON body.">
        <Input
          id={ids.url}
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks/chatbots"
          autoComplete="off"
          spellCheck={false}
          maxLength={2048}
          {...form.register("url")}
          {...describedBy(ids.url, { hint: true, error: urlError })}
        />
      </Field>
      <fieldset aria-describedby={eventsError ? `${ids.events}-error` : undefined}>
        <legend className="text-sm font-medium text-gray-800">Events to send</legend>
        <div className="mt-2 space-y-3 rounded-md border border-gray-200 p-3">
          <CheckboxField
            id={ids.all}
            label="All events (including future ones)"
            description="Receive every event type, also the ones we add later."
            {...form.register("all_events")}
          />
          <div className="space-y-3 border-t border-gray-100 pt-3" role="group" aria-label="Event types">
            <Controller
              control={form.control}
              name="events"
              render={({ field }) => (
                <>
                  {EVENT_TYPES.map((type) => (
                    <CheckboxField
                      key={type}
                      id={`${ids.events}-${type.replace(/\W/g, "-")}`}
                      label={<code className="font-mono text-[13px]">{type}</code>}
                      description={EVENT_DESCRIPTIONS[type]}
                      // Under "All events" each type is included: shown ticked and locked; the own selection is kept for later.
                      checked={allEvents || field.value.includes(type)}
                      disabled={allEvents}
                      onBlur={field.onBlur}
                      onChange={(e) => field.onChange(e.target.checked ? [...field.value, type] : field.value.filter((t) => t !== type))}
                    />
                  ))}
                </>
              )}
            />
          </div>
        </div>
        {eventsError ? (
          <p id={`${ids.events}-error`} className="mt-1.5 text-sm text-red-600">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <FormError message={formError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {status ? <div className="text-sm sm:mr-auto">{status}</div> : null}
        {secondaryAction}
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
