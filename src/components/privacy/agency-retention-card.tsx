"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/clients/form-field";
import { FormError } from "@/components/ui/alert";
import { SaveRow } from "@/components/ui/save-row";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { useTRPC } from "@/trpc/react";
import { agencyRetentionErrors } from "@/shared/data-retention";
import { daysText, parseDays } from "./days-input";

type Fields = { default_days: string; max_days: string };

/** The agency's retention for its clients (record 124): the default a client without its own keeps, and the maximum none may exceed. */
export function AgencyRetentionCard() {
  const trpc = useTRPC();
  const current = useQuery(trpc.privacy.agencyRetention.queryOptions());
  if (!current.data) return <Skeleton className="h-48" />;
  return <AgencyRetentionForm initial={{ default_days: daysText(current.data.default_days), max_days: daysText(current.data.max_days) }} />;
}

function AgencyRetentionForm({ initial }: { initial: Fields }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState(initial);
  const [problems, setProblems] = useState<Partial<Fields>>({});
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.privacy.setAgencyRetention.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        await queryClient.invalidateQueries({ queryKey: trpc.privacy.agencyRetention.queryKey() });
      },
    }),
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const defaultDays = parseDays(fields.default_days);
    const maxDays = parseDays(fields.max_days);
    const typed = "Enter a whole number of days, or leave it empty.";
    const found: Partial<Fields> = Number.isNaN(defaultDays) || Number.isNaN(maxDays)
      ? { ...(Number.isNaN(defaultDays) ? { default_days: typed } : {}), ...(Number.isNaN(maxDays) ? { max_days: typed } : {}) }
      : agencyRetentionErrors({ defaultDays, maxDays });
    setProblems(found);
    if (!Object.keys(found).length) save.mutate({ default_days: defaultDays, max_days: maxDays });
  };
  const field = (name: keyof Fields, label: string, hint: string) => (
    <FormField label={label} hint={hint} error={problems[name]}>
      {(c) => (
        <Input {...c} value={fields[name]} onChange={(e) => (setFields({ ...fields, [name]: e.target.value }), setSaved(false))} inputMode="numeric" autoComplete="off" className="sm:max-w-48" />
      )}
    </FormField>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle id="agency-retention-heading">Data retention</CardTitle>
      </CardHeader>
      <CardBody>
        <form noValidate onSubmit={onSubmit} aria-labelledby="agency-retention-heading" className="space-y-3">
          <p className="text-sm text-gray-600">Conversations, visitors and contacts older than this are deleted every night; analytics keep their figures.</p>
          {field("default_days", "Default for clients (days)", "For clients without their own number. Empty: kept until deleted (or the maximum, when set).")}
          {field("max_days", "Maximum (days)", "No client keeps data longer. Empty: no maximum.")}
          <FormError message={save.error?.message} />
          <SaveRow label="Save retention" pending={save.isPending} saved={saved && "Saved."} />
        </form>
      </CardBody>
    </Card>
  );
}
