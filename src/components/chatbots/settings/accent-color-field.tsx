"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { cn } from "@/components/lib/cn";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { isAccentColor } from "@/shared/accent-color";
import type { ChatbotSettingsForm } from "@/server/chatbots";
import { fieldId, useFieldError } from "./form-kit";

const PRESETS = [
  "#4f46e5",
  "#0ea5e9",
  "#059669",
  "#db2777",
  "#ea580c",
  "#111827",
  "linear-gradient(135deg, #6366f1, #ec4899)",
  "linear-gradient(135deg, #0ea5e9, #22c55e)",
  "radial-gradient(circle at top left, #f59e0b, #db2777)",
];

/**
 * The color the native picker (6-digit hex only) starts from: the value
 * itself, or a gradient's first hex color.
 */
function pickerColor(value: string): string {
  const hex = /#(?:[0-9a-f]{6}|[0-9a-f]{3})(?![0-9a-f])/i.exec(value)?.[0];
  if (!hex) return "#4f46e5";
  return (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join("")}` : hex).toLowerCase();
}

/** Hex or gradient text, a picker for hex, presets and a live swatch of exactly what the widget will use. */
export function AccentColorField() {
  const { register, setValue, control } = useFormContext<ChatbotSettingsForm>();
  const value = useWatch({ control, name: "accent_color" }) ?? "";
  const error = useFieldError("accent_color");
  const id = fieldId("accent_color");
  const valid = isAccentColor(value);
  const set = (v: string) => setValue("accent_color", v, { shouldDirty: true, shouldValidate: true });

  return (
    <Field
      id={id}
      label="Accent color"
      hint="A hex color (#4f46e5) or a linear-gradient(…) / radial-gradient(…) expression."
      error={error}
      className="sm:col-span-2"
    >
      <div className="flex items-center gap-3">
        <span
          data-testid="accent-swatch"
          role="img"
          aria-label={valid ? `Preview of ${value}` : "No preview: the color is not valid"}
          className={cn("size-9 shrink-0 rounded-md border border-gray-300 shadow-inner", valid ? "" : "bg-[repeating-linear-gradient(45deg,#f3f4f6_0_6px,#fff_6px_12px)]")}
          style={valid ? { background: value } : undefined}
        />
        <Input id={id} className="font-mono" spellCheck={false} autoComplete="off" {...register("accent_color")} {...describedBy(id, { hint: true, error })} />
        <label className="relative shrink-0">
          <span className="sr-only">Pick a color (replaces the value with a plain color)</span>
          <input
            type="color"
            value={pickerColor(value)}
            onChange={(e) => set(e.target.value)}
            className="size-9 cursor-pointer rounded-md border border-gray-300 bg-white p-1 disabled:cursor-not-allowed"
          />
        </label>
      </div>
      <div className="flex flex-wrap gap-2 pt-1" role="group" aria-label="Preset colors">
        {PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            title={preset}
            aria-label={`Use ${preset}`}
            aria-pressed={preset === value.trim()}
            onClick={() => set(preset)}
            className={cn(
              "size-6 cursor-pointer rounded-full border border-white shadow ring-1 ring-gray-300 disabled:cursor-not-allowed disabled:opacity-60",
              preset === value.trim() && "ring-2 ring-indigo-600 ring-offset-1",
            )}
            style={{ background: preset }}
          />
        ))}
      </div>
    </Field>
  );
}
