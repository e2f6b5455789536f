"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/clients/form-field";
import { FormError } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { SaveRow } from "@/components/ui/save-row";
import { clientRetentionError } from "@/shared/data-retention";
import { daysText, parseDays, retentionLabel } from "./days-input";

/**
 * A client workspace's own data retention as a form (docs/decisions/124-retention-and-a-persons-data.md): its
 * number of days within the agency's maximum, or empty for the agency's default. Its agency sets it on the
 * client's page, its admins on their team page: each passes the values it reads and how it saves.
 */
export function RetentionFormCard({
  headingId,
  days,
  defaultDays,
  maxDays,
  effective,
  save,
}: {
  headingId: string;
  /** The client's own number of days (null: the agency's default). */
  days: number | null;
  defaultDays: number | null;
  maxDays: number | null;
  /** The retention that applies (the badge). */
  effective: number | null;
  save: (days: number | null) => Promise<unknown>;
}) {
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const saving = useMutation({ mutationFn: save, onSuccess: () => setSaved(true) });
  const value = text ?? daysText(days);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const parsed = parseDays(value);
    const refusal = Number.isNaN(parsed) ? "Enter a whole number of days, or leave it empty for your agency's default." : clientRetentionError(parsed, maxDays);
    setProblem(refusal);
    if (!refusal) saving.mutate(parsed);
  };
  const hint = `Conversations, visitors and contacts older than this are deleted every night; analytics keep their figures. Empty: your agency's default${
    defaultDays ? ` (${defaultDays} days)` : ""
  }.${maxDays ? ` At most ${maxDays} days.` : ""}`;
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center gap-2">
        <CardTitle id={headingId}>Data retention</CardTitle>
        <Badge tone={effective === null ? undefined : "indigo"}>{retentionLabel(effective)}</Badge>
      </CardHeader>
      <CardBody>
        <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-3">
          <FormField label="Keep data for (days)" hint={hint} error={problem ?? undefined}>
            {(c) => (
              <Input {...c} value={value} onChange={(e) => (setText(e.target.value), setSaved(false))} inputMode="numeric" autoComplete="off" placeholder="e.g. 30" className="sm:max-w-48" />
            )}
          </FormField>
          <FormError message={saving.error && !problem ? saving.error.message : null} />
          <SaveRow label="Save retention" pending={saving.isPending} saved={saved && "Saved."} />
        </form>
      </CardBody>
    </Card>
  );
}
