"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useChatbot } from "@/components/chatbots/chatbot-context";
import { ErrorAlert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { RouterOutputs } from "@/components/lib/trpc-types";
import { useTRPC } from "@/trpc/react";
import { SaveRow } from "./save-row";

type Hours = NonNullable<RouterOutputs["liveChat"]["businessHours"]["business_hours"]>;
type Weekday = keyof Hours["weekly"];

const DAYS: Array<[Weekday, string]> = [["mon", "Monday"], ["tue", "Tuesday"], ["wed", "Wednesday"], ["thu", "Thursday"], ["fri", "Friday"], ["sat", "Saturday"], ["sun", "Sunday"]];
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const DEFAULT_DAY = "09:00-17:00";

/** "09:00-12:00, 13:00-17:00" ⇄ intervals; the server checks them (overlaps, ends before starts) and names the field. */
const textOf = (intervals: Hours["weekly"][Weekday]) => intervals.map((i) => `${i.from}-${i.to}`).join(", ");
const intervalsOf = (text: string) =>
  text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [from = "", to = ""] = part.split(/\s*[-–]\s*/);
      return { from, to };
    });

/**
 * Business hours (docs/decisions/122-business-hours-routing-and-ratings.md): the team's time zone, its hours per
 * weekday, holidays, and how long a waiting visitor goes unanswered before the lead form is offered. Outside
 * them the widget says when the team is back.
 */
export function BusinessHoursCard({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const stored = useQuery(trpc.liveChat.businessHours.queryOptions({ chatbot_id: chatbotId }));
  if (!stored.data) return null;
  return <BusinessHoursEditor chatbotId={chatbotId} initial={stored.data.business_hours} now={stored.data.open_now ? "Open now." : stored.data.back_at ?? "Closed now."} />;
}

function BusinessHoursEditor({ chatbotId, initial, now }: { chatbotId: string; initial: Hours | null; now: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { can_edit: canEdit } = useChatbot();
  const [on, setOn] = useState(initial !== null);
  const [zone, setZone] = useState(initial?.time_zone ?? browserZone());
  const [days, setDays] = useState<Record<Weekday, string>>(() =>
    Object.fromEntries(DAYS.map(([d]) => [d, initial ? textOf(initial.weekly[d]) : d === "sat" || d === "sun" ? "" : DEFAULT_DAY])) as Record<Weekday, string>,
  );
  const [holidays, setHolidays] = useState((initial?.holidays ?? []).join(", "));
  const [minutes, setMinutes] = useState(initial?.unattended_minutes ?? 5);
  const save = useMutation(
    trpc.liveChat.setBusinessHours.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.liveChat.businessHours.queryKey({ chatbot_id: chatbotId }) }) }),
  );
  const submit = () =>
    save.mutate({
      chatbot_id: chatbotId,
      business_hours: on
        ? {
            time_zone: zone.trim(),
            weekly: Object.fromEntries(DAYS.map(([d]) => [d, intervalsOf(days[d])])) as Hours["weekly"],
            holidays: holidays.split(/[\s,]+/).filter(Boolean),
            unattended_minutes: minutes,
          }
        : null,
    });
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Business hours</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        <p className="text-sm text-gray-600">
          When your team answers live chat. Outside these hours a visitor who asks for a person is told when the team is back and can leave their details. {on && initial ? <span data-testid="business-hours-now">{now}</span> : null}
        </p>
        <fieldset disabled={!canEdit} className="space-y-3">
          <legend className="sr-only">Business hours</legend>
          <CheckboxField id="hours-on" label="Set business hours (otherwise the team is always open)" checked={on} onChange={(e) => setOn(e.target.checked)} />
          {on ? (
            <>
              <div className="max-w-sm">
                <Label htmlFor="hours-zone">Time zone</Label>
                <Input id="hours-zone" value={zone} onChange={(e) => setZone(e.target.value)} placeholder="Europe/Berlin" />
              </div>
              <div className="grid gap-2 sm:grid-cols-2">
                {DAYS.map(([d, label]) => (
                  <div key={d}>
                    <Label htmlFor={`hours-${d}`}>{label}</Label>
                    <Input id={`hours-${d}`} value={days[d]} onChange={(e) => setDays((all) => ({ ...all, [d]: e.target.value }))} placeholder="Closed, or 09:00-12:00, 13:00-17:00" />
                  </div>
                ))}
              </div>
              <div>
                <Label htmlFor="hours-holidays">Holidays (dates, YYYY-MM-DD, comma-separated)</Label>
                <Input id="hours-holidays" value={holidays} onChange={(e) => setHolidays(e.target.value)} placeholder="2026-12-25, 2026-12-26" />
              </div>
              <div className="max-w-xs">
                <Label htmlFor="hours-unattended">Offer the lead form when nobody answers within (minutes)</Label>
                <Input id="hours-unattended" type="number" min={1} max={240} value={minutes} onChange={(e) => setMinutes(Number(e.target.value))} />
              </div>
            </>
          ) : null}
        </fieldset>
        {save.error ? <ErrorAlert title="The business hours can't be saved." message={save.error.message} /> : null}
        <SaveRow canEdit={canEdit} label="Save business hours" onSave={submit} save={save} />
      </CardBody>
    </Card>
  );
}
