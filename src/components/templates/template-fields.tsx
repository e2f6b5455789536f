"use client";

import { useQuery } from "@tanstack/react-query";
import { FormField } from "@/components/clients/form-field";
import { humanize } from "@/components/lib/format";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useTRPC } from "@/trpc/react";

export interface TemplateChoice {
  template_id: string;
  variables: Record<string, string>;
}

/** What a create request adds for its template: nothing without one; blank variables left out (`client_name` defaults to the client's name). */
export function templateInput(choice: TemplateChoice): { template_id?: string; variables?: Record<string, string> } {
  if (!choice.template_id) return {};
  const variables = Object.fromEntries(Object.entries(choice.variables).filter(([, v]) => v.trim()));
  return { template_id: choice.template_id, ...(Object.keys(variables).length ? { variables } : {}) };
}

/** "Make it from a template": the template and a value for each variable its latest version uses. */
export function TemplateFields({ value, onChange, errors }: { value: TemplateChoice; onChange: (next: TemplateChoice) => void; errors: Record<string, string[]> }) {
  const trpc = useTRPC();
  const options = useQuery(trpc.agencyTemplates.options.queryOptions());
  const chosen = options.data?.find((t) => t.id === value.template_id);
  if (!options.data?.length) return null;
  return (
    <div className="space-y-4">
      <FormField label="Template" optional error={errors.template_id?.[0]} hint="The agent gets the template's settings, content and sources, and follows its new versions.">
        {(c) => (
          <Select {...c} value={value.template_id} onChange={(e) => onChange({ template_id: e.target.value, variables: {} })}>
            <option value="">No template</option>
            {options.data.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} (version {t.latest_version})
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {chosen
        ? chosen.variables.map((name) => (
            <FormField
              key={name}
              label={humanize(name)}
              optional={name === "client_name"}
              error={errors[`variables.${name}`]?.[0]}
              hint={name === "client_name" ? "Defaults to the client's name." : `Fills {${name}} in the template.`}
            >
              {(c) => (
                <Input
                  {...c}
                  value={value.variables[name] ?? ""}
                  type={name.endsWith("website") ? "url" : "text"}
                  placeholder={name.endsWith("website") ? "https://www.client.example" : undefined}
                  onChange={(e) => onChange({ ...value, variables: { ...value.variables, [name]: e.target.value } })}
                />
              )}
            </FormField>
          ))
        : null}
    </div>
  );
}
