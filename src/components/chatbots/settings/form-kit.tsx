"use client";

import type { ReactNode } from "react";
import { useFormContext, type FieldPath } from "react-hook-form";
import type { ChatbotSettingsForm } from "@/server/chatbots";
import { withFieldName } from "@/shared/zod-errors";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";

/**
 * Fields of the settings form bound to react-hook-form by name. Messages come
 * from the shared zod schema (`{field}` filled with the field's name), or from
 * the server's 422 for the same field.
 */
type Name = FieldPath<ChatbotSettingsForm>;

export const fieldId = (name: Name) => `settings-${name}`;

/** The field's message, naming it by its label when the label is plain text (else its name), with a number's unit. */
export function useFieldError(name: Name, label?: ReactNode, unit?: string): string | null {
  const {
    formState: { errors },
  } = useFormContext<ChatbotSettingsForm>();
  const message = errors[name]?.message;
  const called = typeof label === "string" ? label.charAt(0).toLowerCase() + label.slice(1) : name;
  return typeof message === "string" && message ? withFieldName(message, called, unit) : null;
}

interface BaseProps {
  name: Name;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
}

export function TextField({ name, label, hint, className, ...props }: BaseProps & { placeholder?: string; maxLength?: number; type?: string; autoComplete?: string; inputMode?: "url" | "email" | "text" }) {
  const { register } = useFormContext<ChatbotSettingsForm>();
  const error = useFieldError(name, label);
  const id = fieldId(name);
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <Input id={id} {...register(name)} {...describedBy(id, { hint: Boolean(hint), error })} {...props} />
    </Field>
  );
}

export function TextareaField({ name, label, hint, className, rows = 3, maxLength, placeholder }: BaseProps & { rows?: number; maxLength?: number; placeholder?: string }) {
  const { register } = useFormContext<ChatbotSettingsForm>();
  const error = useFieldError(name, label);
  const id = fieldId(name);
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <Textarea id={id} rows={rows} maxLength={maxLength} placeholder={placeholder} {...register(name)} {...describedBy(id, { hint: Boolean(hint), error })} />
    </Field>
  );
}

export function NumberField({ name, label, hint, className, min, max, step = 1, suffix }: BaseProps & { min: number; max: number; step?: number; suffix?: string }) {
  const { register } = useFormContext<ChatbotSettingsForm>();
  const error = useFieldError(name, label, suffix);
  const id = fieldId(name);
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <div className="flex items-center gap-2">
        <Input id={id} type="number" inputMode="decimal" min={min} max={max} step={step} className="max-w-32 tabular-nums" {...register(name, { valueAsNumber: true })} {...describedBy(id, { hint: Boolean(hint), error })} />
        {suffix ? <span className="text-sm text-gray-500">{suffix}</span> : null}
      </div>
    </Field>
  );
}

export function SelectField({ name, label, hint, className, options }: BaseProps & { options: ReadonlyArray<{ value: string; label: string }> }) {
  const { register } = useFormContext<ChatbotSettingsForm>();
  const error = useFieldError(name, label);
  const id = fieldId(name);
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <Select id={id} {...register(name)} {...describedBy(id, { hint: Boolean(hint), error })}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export function CheckField({ name, label, description }: { name: Name; label: ReactNode; description?: ReactNode }) {
  const { register } = useFormContext<ChatbotSettingsForm>();
  return <CheckboxField id={fieldId(name)} label={label} description={description} {...register(name)} />;
}

/** One group of settings. */
export function Section({ id, title, description, children, aside }: { id: string; title: string; description?: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Card>
      <section aria-labelledby={`${id}-title`}>
        <CardHeader>
          <CardTitle id={`${id}-title`}>{title}</CardTitle>
          {description ? <p className="mt-0.5 text-sm text-gray-500">{description}</p> : null}
        </CardHeader>
        <CardBody className={aside ? "grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]" : undefined}>
          <div className="grid gap-5 sm:grid-cols-2">{children}</div>
          {aside}
        </CardBody>
      </section>
    </Card>
  );
}
