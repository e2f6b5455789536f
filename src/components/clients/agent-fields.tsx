"use client";

import { Controller, get, useFormContext } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { AccentColorInput } from "@/components/clients/accent-color-input";
import { FormField } from "@/components/clients/form-field";

function message(errors: object, path: string): string | undefined {
  const error: unknown = get(errors, path);
  return error && typeof error === "object" && "message" in error && typeof error.message === "string" ? error.message : undefined;
}

/** Agent name, website URL and accent color; `prefix` is `"chatbot."` inside the create-client form. */
export function AgentFields({ prefix = "", nameOptional = false }: { prefix?: string; nameOptional?: boolean }) {
  const { register, control, formState } = useFormContext();
  const path = (field: string) => `${prefix}${field}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Agent name" optional={nameOptional} error={message(formState.errors, path("name"))}>
        {(c) => <Input {...c} {...register(path("name"))} autoComplete="off" placeholder="e.g. Website assistant" />}
      </FormField>
      <FormField label="Website URL" optional hint="The site to crawl and train on." error={message(formState.errors, path("website_url"))}>
        {(c) => <Input {...c} {...register(path("website_url"))} type="url" inputMode="url" autoComplete="off" placeholder="https://www.example.com" />}
      </FormField>
      <FormField
        label="Accent color"
        optional
        className="space-y-1.5 sm:col-span-2"
        hint="A hex color or a CSS gradient. Leave empty for a random gradient."
        error={message(formState.errors, path("accent_color"))}
      >
        {(c) => (
          <Controller
            control={control}
            name={path("accent_color")}
            render={({ field }) => (
              <AccentColorInput control={c} name={field.name} value={typeof field.value === "string" ? field.value : ""} onChange={field.onChange} onBlur={field.onBlur} />
            )}
          />
        )}
      </FormField>
    </div>
  );
}
