"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { fieldErrorsOf } from "@/components/lib/trpc-error";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useTRPC } from "@/trpc/react";

type Values = Record<"minutes" | "rate" | "currency" | "frequency" | "day" | "weekday" | "extra", string>;

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** What an answered conversation saves and is worth, when the report is e-mailed and to whom besides the admins. */
export function ReportSettingsForm({ clientId }: { clientId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const uid = useId();
  const query = useQuery(trpc.reports.settings.queryOptions({ client_id: clientId }));
  const [draft, setDraft] = useState<Values | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.reports.updateSettings.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        setDraft(null);
        await queryClient.invalidateQueries({ queryKey: trpc.reports.pathKey() });
      },
    }),
  );
  if (!query.data) return <Skeleton className="h-40" />;
  const s = query.data.report_settings;
  const values: Values = draft ?? {
    minutes: String(s.minutes_per_conversation),
    rate: s.hourly_rate === null ? "" : String(s.hourly_rate),
    currency: s.currency ?? "",
    frequency: s.schedule.frequency,
    day: String(s.schedule.day_of_month),
    weekday: String(s.schedule.weekday),
    extra: s.extra_recipients.join(", "),
  };
  const set = (key: keyof Values) => (e: { target: { value: string } }) => {
    setSaved(false);
    setDraft({ ...values, [key]: e.target.value });
  };
  const errors = fieldErrorsOf(save.error);
  const err = (field: string) => errors[field]?.[0] ?? null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      client_id: clientId,
      minutes_per_conversation: Number(values.minutes),
      hourly_rate: values.rate.trim() === "" ? null : Number(values.rate),
      currency: values.currency.trim() === "" ? null : values.currency.trim(),
      schedule: { frequency: values.frequency as "monthly" | "weekly" | "off", day_of_month: Number(values.day), weekday: Number(values.weekday) },
      extra_recipients: values.extra.split(/[\s,;]+/).filter(Boolean),
    });
  };
  const ids = { minutes: `${uid}-minutes`, rate: `${uid}-rate`, currency: `${uid}-currency`, frequency: `${uid}-frequency`, day: `${uid}-day`, weekday: `${uid}-weekday`, extra: `${uid}-extra` };
  const other = Object.entries(errors)
    .filter(([k]) => !["minutes_per_conversation", "hourly_rate", "currency", "extra_recipients"].includes(k.split(".")[0]!))
    .flatMap(([, m]) => m);
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Report settings">
      <Field id={ids.minutes} label="Minutes saved per answered conversation" error={err("minutes_per_conversation")}>
        <Input id={ids.minutes} type="number" min={1} max={600} inputMode="numeric" value={values.minutes} onChange={set("minutes")} {...describedBy(ids.minutes, { error: err("minutes_per_conversation") })} />
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <Field id={ids.rate} label="Hourly rate (optional)" error={err("hourly_rate")}>
          <Input id={ids.rate} type="number" min={0} step="0.01" inputMode="decimal" value={values.rate} onChange={set("rate")} {...describedBy(ids.rate, { error: err("hourly_rate") })} />
        </Field>
        <Field id={ids.currency} label="Currency" error={err("currency")}>
          <Input id={ids.currency} maxLength={3} placeholder="EUR" autoComplete="off" value={values.currency} onChange={set("currency")} {...describedBy(ids.currency, { error: err("currency") })} />
        </Field>
      </div>
      <Field id={ids.frequency} label="Send the report">
        <Select id={ids.frequency} value={values.frequency} onChange={set("frequency")}>
          <option value="monthly">Monthly</option>
          <option value="weekly">Weekly</option>
          <option value="off">Never (off)</option>
        </Select>
      </Field>
      {values.frequency === "weekly" ? (
        <Field id={ids.weekday} label="On (the previous week's)">
          <Select id={ids.weekday} value={values.weekday} onChange={set("weekday")}>
            {WEEKDAYS.map((w, i) => (
              <option key={w} value={String(i + 1)}>
                {w}
              </option>
            ))}
          </Select>
        </Field>
      ) : (
        <Field id={ids.day} label="On day of the month (the previous month's)" hint="1 to 28, at the top of an hour (UTC).">
          <Input id={ids.day} type="number" min={1} max={28} value={values.day} onChange={set("day")} disabled={values.frequency === "off"} {...describedBy(ids.day, { hint: true })} />
        </Field>
      )}
      <Field id={ids.extra} label="Also send to" hint="Besides the workspace's admins; e-mail addresses separated by commas." error={err("extra_recipients") ?? Object.entries(errors).find(([k]) => k.startsWith("extra_recipients"))?.[1]?.[0] ?? null} className="sm:col-span-2">
        <Input id={ids.extra} value={values.extra} onChange={set("extra")} autoComplete="off" {...describedBy(ids.extra, { hint: true })} />
      </Field>
      <FormError message={other[0] ?? null} className="sm:col-span-2" />
      <div className="flex items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save report settings"}
        </Button>
        {saved ? (
          <span role="status" className="text-sm text-emerald-700">
            Saved.
          </span>
        ) : null}
      </div>
    </form>
  );
}
