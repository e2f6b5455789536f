"use client";

import { useId } from "react";
import { cn } from "@/components/lib/cn";
import { integrationLabel, INTEGRATIONS, type Integration } from "@/components/clients/integration-labels";

/**
 * "Everything the plan includes" (sent as null, follows the plan) or an
 * explicit selection, which may be empty (no integrations).
 */
export function IntegrationsField({
  mode,
  onModeChange,
  selected,
  onSelectedChange,
  included,
  error,
}: {
  mode: "plan" | "custom";
  onModeChange: (mode: "plan" | "custom") => void;
  selected: readonly Integration[];
  onSelectedChange: (selected: Integration[]) => void;
  included: readonly string[];
  error?: string;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  function toggle(value: Integration, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(value);
    else next.delete(value);
    onSelectedChange(INTEGRATIONS.filter((i) => next.has(i)));
  }
  return (
    <fieldset className="space-y-3" aria-describedby={error ? errorId : undefined}>
      <legend className="sr-only">Integrations</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input type="radio" name={name} checked={mode === "plan"} onChange={() => onModeChange("plan")} className="size-4 accent-indigo-600" />
          Use plan default <span className="text-gray-500">(everything your plan includes)</span>
        </label>
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input type="radio" name={name} checked={mode === "custom"} onChange={() => {
              onModeChange("custom");
              // A fresh choice starts from what works today: "coming soon" ones are left for the agency to tick.
              if (selected.length === 0) onSelectedChange(INTEGRATIONS.filter((i) => included.includes(i) && integrationLabel(i).available));
            }} className="size-4 accent-indigo-600" />
          Choose integrations
        </label>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {INTEGRATIONS.map((value) => {
          const inPlan = included.includes(value);
          const disabled = mode === "plan" || !inPlan;
          const available = integrationLabel(value).available;
          // Under the plan default a "coming soon" integration is not ticked: it does nothing yet, and is switched on with the plan when it ships.
          const checked = mode === "plan" ? inPlan && available : selected.includes(value);
          return (
            <li key={value}>
              <label className={cn("flex items-start gap-2 rounded-md border border-gray-200 p-2.5 text-sm", disabled ? "bg-gray-50 text-gray-500" : "bg-white text-gray-800")}>
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-indigo-600"
                  checked={checked}
                  disabled={disabled}
                  onChange={(e) => toggle(value, e.target.checked)}
                />
                <span>
                  <span className="font-medium">{integrationLabel(value).product}</span>
                  {available ? null : <span className="ml-1.5 rounded bg-gray-100 px-1.5 py-0.5 text-xs font-medium text-gray-700">coming soon</span>}
                  <span className="block text-xs text-gray-500">{inPlan ? integrationLabel(value).description : "Not included in your plan"}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {mode === "custom" && selected.length === 0 ? <p className="text-xs text-amber-700">No integrations will be enabled for this client.</p> : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
