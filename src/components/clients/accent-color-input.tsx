"use client";

import { isAccentColor } from "@/shared/accent-color";
import { Input } from "@/components/ui/input";
import type { FieldControlProps } from "@/components/clients/form-field";

const HEX6 = /^#[0-9a-fA-F]{6}$/;

/** Swatch of an accent color (hex or gradient); striped when none is set yet (a random gradient is picked). */
export function ColorSwatch({ color, className = "size-9" }: { color: string; className?: string }) {
  const valid = color !== "" && isAccentColor(color);
  return (
    <span
      aria-hidden="true"
      data-testid="accent-swatch"
      className={`inline-block shrink-0 rounded-md border border-gray-200 ${className}`}
      style={{
        background: valid
          ? color
          : "repeating-linear-gradient(45deg, #f3f4f6, #f3f4f6 6px, #e5e7eb 6px, #e5e7eb 12px)",
      }}
    />
  );
}

/** A text field for a hex color or a CSS gradient, with a color picker and a live swatch. */
export function AccentColorInput({
  value,
  onChange,
  onBlur,
  name,
  control,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  control: FieldControlProps;
}) {
  return (
    <div className="flex items-center gap-2">
      <ColorSwatch color={value.trim()} />
      <Input
        {...control}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        placeholder="#4f46e5 or linear-gradient(…)"
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
      />
      <input
        type="color"
        aria-label="Pick a color"
        value={HEX6.test(value.trim()) ? value.trim().toLowerCase() : "#4f46e5"}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 w-10 shrink-0 cursor-pointer rounded-md border border-gray-300 bg-white p-1"
      />
    </div>
  );
}
