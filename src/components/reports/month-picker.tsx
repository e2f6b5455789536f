"use client";

import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** A month (`YYYY-MM`) up to this one (from `min` when given); an emptied field keeps the month it had. */
export function MonthPicker({ value, onChange, min }: { value: string; onChange: (month: string) => void; min?: string }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>Month</Label>
      <Input id={id} type="month" value={value} min={min} max={new Date().toISOString().slice(0, 7)} onChange={(e) => e.target.value && onChange(e.target.value)} className="w-40" />
    </div>
  );
}
