import { z } from "zod";
import type { ClientReportSettings, Team } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { validationError } from "@/server/kernel/errors";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import type { ValueSettings } from "@/server/reports/figures";

/**
 * A client's report settings (docs/decisions/113-the-value-report.md): what an answered conversation saves
 * (minutes, default 4) and is worth (an optional hourly rate in a currency), when the report goes out
 * (monthly on a day of the month, weekly on a weekday, or off) and to whom besides the workspace's admins.
 */
export const DEFAULT_MINUTES_PER_CONVERSATION = 4;
export const MAX_EXTRA_RECIPIENTS = 10;

export const reportSettingsSchema = z
  .object({
    client_id: z.string(),
    minutes_per_conversation: z.number().int(),
    hourly_rate: z.number().nullable(),
    currency: z.string().nullable(),
    schedule: z.object({
      frequency: z.enum(["monthly", "weekly", "off"]),
      day_of_month: z.number().int().describe("Monthly: the day (1–28) the previous month's report is e-mailed."),
      weekday: z.number().int().describe("Weekly: the ISO weekday (1 = Monday … 7 = Sunday) the previous week's report is e-mailed."),
    }),
    extra_recipients: z.array(z.string()),
    updated_at: z.string().nullable(),
  })
  .meta({ id: "ReportSettings" });

export type ReportSettings = z.infer<typeof reportSettingsSchema>;

export const reportSettingsInput = z
  .object({
    minutes_per_conversation: z.number().int().min(1).max(600).optional(),
    hourly_rate: z.number().min(0).max(1_000_000).multipleOf(0.01).nullable().optional(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, "The currency field must be a three-letter ISO 4217 code (e.g. EUR).")
      .transform((c) => c.toUpperCase())
      .nullable()
      .optional(),
    schedule: z
      .object({
        frequency: z.enum(["monthly", "weekly", "off"]).optional(),
        day_of_month: z.number().int().min(1).max(28).optional(),
        weekday: z.number().int().min(1).max(7).optional(),
      })
      .optional(),
    extra_recipients: z.array(z.email().max(255)).max(MAX_EXTRA_RECIPIENTS).optional(),
  })
  .refine((v) => !(typeof v.hourly_rate === "number" && v.currency === null), { path: ["currency"], message: "The currency field is required with an hourly rate." });

export type ReportSettingsInput = z.infer<typeof reportSettingsInput>;

type Row = Pick<ClientReportSettings, "minutesPerConversation" | "hourlyRate" | "currency" | "frequency" | "dayOfMonth" | "weekday" | "extraRecipients"> & { updatedAt: Date | null };

const DEFAULTS: Row = {
  minutesPerConversation: DEFAULT_MINUTES_PER_CONVERSATION,
  hourlyRate: null,
  currency: null,
  frequency: "monthly",
  dayOfMonth: 1,
  weekday: 1,
  extraRecipients: [],
  updatedAt: null,
};

export async function settingsRow(db: Db, teamId: string): Promise<Row> {
  return (await db.clientReportSettings.findUnique({ where: { teamId } })) ?? DEFAULTS;
}

export function serializeSettings(teamId: string, row: Row): ReportSettings {
  return {
    client_id: teamId,
    minutes_per_conversation: row.minutesPerConversation,
    hourly_rate: row.hourlyRate === null ? null : Number(row.hourlyRate),
    currency: row.currency,
    schedule: { frequency: row.frequency as ReportSettings["schedule"]["frequency"], day_of_month: row.dayOfMonth, weekday: row.weekday },
    extra_recipients: row.extraRecipients,
    updated_at: row.updatedAt ? isoMicro(row.updatedAt) : null,
  };
}

export const valueSettings = (row: Row): ValueSettings => ({
  minutesPerConversation: row.minutesPerConversation,
  hourlyRate: row.hourlyRate === null ? null : Number(row.hourlyRate),
  currency: row.currency,
});

/** Only the fields sent change; an hourly rate needs a currency (sent now or stored). */
export async function updateSettings(db: Db, client: Team, input: ReportSettingsInput): Promise<{ before: ReportSettings; after: ReportSettings }> {
  const current = await settingsRow(db, client.id);
  const before = serializeSettings(client.id, current);
  const next: Row = {
    ...current,
    ...(input.minutes_per_conversation !== undefined ? { minutesPerConversation: input.minutes_per_conversation } : {}),
    ...(input.hourly_rate !== undefined ? { hourlyRate: input.hourly_rate === null ? null : (input.hourly_rate as unknown as Row["hourlyRate"]) } : {}),
    ...(input.currency !== undefined ? { currency: input.currency } : {}),
    ...(input.schedule?.frequency !== undefined ? { frequency: input.schedule.frequency } : {}),
    ...(input.schedule?.day_of_month !== undefined ? { dayOfMonth: input.schedule.day_of_month } : {}),
    ...(input.schedule?.weekday !== undefined ? { weekday: input.schedule.weekday } : {}),
    ...(input.extra_recipients !== undefined ? { extraRecipients: [...new Set(input.extra_recipients.map((e) => e.toLowerCase()))] } : {}),
  };
  if (next.hourlyRate !== null && !next.currency) {
    throw validationError({ currency: ["The currency field is required with an hourly rate."] });
  }
  const data = {
    minutesPerConversation: next.minutesPerConversation,
    hourlyRate: next.hourlyRate,
    currency: next.currency,
    frequency: next.frequency,
    dayOfMonth: next.dayOfMonth,
    weekday: next.weekday,
    extraRecipients: next.extraRecipients,
  };
  const saved = await db.clientReportSettings.upsert({ where: { teamId: client.id }, create: { teamId: client.id, ...data }, update: data });
  return { before, after: serializeSettings(client.id, saved) };
}
