"use client";

import { useId } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { Input } from "@/components/ui/input";
import type { ClientFieldsInput } from "@/components/clients/client-form-schema";
import { FormField, FormSection } from "@/components/clients/form-field";
import { IntegrationsField } from "@/components/clients/integrations-field";
import { formatNumber } from "@/components/clients/format";
import { SOURCE_LIMIT_COUNTS, sourceLimitBelowUsage } from "@/shared/source-limit";

type LimitName = "message_limit" | "source_limit" | "chatbot_limit" | "response_token_limit";

const LIMITS: Array<{ name: LimitName; label: string; hint: string }> = [
  { name: "message_limit", label: "Monthly message limit", hint: "Messages per month. Empty: the client draws on your agency pool and cannot be topped up." },
  { name: "chatbot_limit", label: "Chatbot limit", hint: "Maximum number of agents. Empty: no limit." },
  { name: "source_limit", label: "Source limit", hint: `Maximum number of training sources, counting ${SOURCE_LIMIT_COUNTS}. Empty: no limit.` },
  { name: "response_token_limit", label: "Response token limit", hint: "50 to 10,000 tokens per answer. Empty: no limit." },
];

/** What the source limit's field adds for an existing client: how many are in use, and a warning when set below that. */
function SourceUse({ inUse }: { inUse: number }) {
  const { control } = useFormContext<ClientFieldsInput>();
  const typed = useWatch({ control, name: "source_limit" });
  const limit = typeof typed === "string" && /^\d+$/.test(typed.trim()) ? Number(typed.trim()) : null;
  const warning = limit === null ? null : sourceLimitBelowUsage(limit, inUse);
  return (
    <>
      <span className="block" data-testid="sources-in-use">
        In use now: {formatNumber(inUse)}.
      </span>
      {warning ? (
        <span className="mt-1 block font-medium text-amber-800" data-testid="source-limit-warning">
          {warning}
        </span>
      ) : null}
    </>
  );
}

/**
 * Name, reference, limits, BYOK and integrations: shared by the create form and the limits editor
 * (which passes the client's `usage.sources`: the source limit then says how many are in use).
 */
export function ClientFields({ included, sourcesInUse }: { included: readonly string[]; sourcesInUse?: number }) {
  const { register, control, formState } = useFormContext<ClientFieldsInput>();
  const errors = formState.errors;
  const byokHintId = useId();
  return (
    <>
      <FormSection title="Client">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Client name" error={errors.name?.message}>
            {(c) => <Input {...c} {...register("name")} autoComplete="off" />}
          </FormField>
          <FormField label="External reference" optional hint="Your own identifier, e.g. the CRM account id." error={errors.external_reference?.message}>
            {(c) => <Input {...c} {...register("external_reference")} autoComplete="off" />}
          </FormField>
        </div>
      </FormSection>
      <FormSection title="Limits" description="Leave a limit empty for no client-level limit.">
        <div className="grid gap-4 sm:grid-cols-2">
          {LIMITS.map(({ name, label, hint }) => (
            <FormField
              key={name}
              label={label}
              hint={
                name === "source_limit" && sourcesInUse !== undefined ? (
                  <>
                    {hint} <SourceUse inUse={sourcesInUse} />
                  </>
                ) : (
                  hint
                )
              }
              error={errors[name]?.message}
            >
              {(c) => <Input {...c} {...register(name)} inputMode="numeric" autoComplete="off" placeholder="No limit" />}
            </FormField>
          ))}
        </div>
        <label className="flex items-start gap-2.5 text-sm text-gray-800">
          <input type="checkbox" {...register("byok_enabled")} className="mt-0.5 size-4 accent-indigo-600" aria-describedby={byokHintId} />
          <span>
            <span className="font-medium">Allow own LLM keys (BYOK)</span>
            <span id={byokHintId} className="block text-xs text-gray-500">
              The client&apos;s workspace administrators may add their own LLM API keys. Messages still count against the client&apos;s credits.
            </span>
          </span>
        </label>
      </FormSection>
      <FormSection title="Integrations">
        <Controller
          control={control}
          name="integrations_mode"
          render={({ field: mode }) => (
            <Controller
              control={control}
              name="enabled_integrations"
              render={({ field: selected, fieldState }) => (
                <IntegrationsField
                  mode={mode.value}
                  onModeChange={mode.onChange}
                  selected={selected.value}
                  onSelectedChange={selected.onChange}
                  included={included}
                  error={fieldState.error?.message ?? errors.integrations_mode?.message}
                />
              )}
            />
          )}
        />
      </FormSection>
    </>
  );
}
