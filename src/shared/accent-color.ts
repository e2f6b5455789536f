import { z } from "zod";

/**
 * Accent colors: a hex color or a CSS gradient expression; a random gradient of two of these when none is
 * given. Every colour is dark enough for white text at WCAG AA (4.5:1, normal text) on its own, so any pair,
 * and every point between them, keeps the text on the accent readable (accent-color.test.ts checks each pair
 * with textOnAccent). The 500-weight hues the palette had put dark text on a red-to-green gradient.
 */
export const DEFAULT_ACCENT_PALETTE = ["#4338ca", "#6d28d9", "#be185d", "#be123c", "#c2410c", "#a16207", "#15803d", "#0f766e", "#0e7490", "#1d4ed8"] as const;
const PALETTE = DEFAULT_ACCENT_PALETTE;

export function randomGradient(random: () => number = Math.random): string {
  const first = Math.floor(random() * PALETTE.length);
  const offset = 1 + Math.floor(random() * (PALETTE.length - 1));
  const angle = [90, 120, 135, 160][Math.floor(random() * 4)];
  return `linear-gradient(${angle}deg, ${PALETTE[first]}, ${PALETTE[(first + offset) % PALETTE.length]})`;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const GRADIENT = /^(?:linear|radial)-gradient\((.+)\)$/i;
/** Functions allowed inside a gradient; anything else (`url(`, `var(`, `expression(`) is refused. */
const COLOR_FUNCTIONS = new Set(["rgb", "rgba", "hsl", "hsla"]);

/**
 * A hex color (`#rgb`, `#rrggbb`) or a `linear-gradient(...)` /
 * `radial-gradient(...)` expression built from colors, angles, keywords and
 * percentages only: the value ends up in the widget's CSS, so nothing that
 * could load a resource or break out of the declaration is accepted.
 */
export function isAccentColor(value: string): boolean {
  const v = value.trim();
  if (HEX_COLOR.test(v)) return true;
  if (v.length > 500) return false;
  const gradient = GRADIENT.exec(v);
  if (!gradient) return false;
  const inner = gradient[1] ?? "";
  if (!/^[a-z0-9#%.,\s()-]+$/i.test(inner)) return false;
  let depth = 0;
  for (const ch of inner) {
    depth += ch === "(" ? 1 : ch === ")" ? -1 : 0;
    if (depth < 0 || depth > 1) return false;
  }
  if (depth !== 0) return false;
  for (const match of inner.matchAll(/([a-z-]*)\s*\(/gi)) {
    if (!COLOR_FUNCTIONS.has((match[1] ?? "").toLowerCase())) return false;
  }
  // At least two color stops: a gradient of one color is a mistake.
  return inner.split(/,(?![^(]*\))/).length >= 2;
}

/** The one accent color field of every form and procedure (agency agents, chatbot settings). */
export const accentColorField = z
  .string()
  .trim()
  .refine(isAccentColor, "The {field} field must be a hex color (#rgb or #rrggbb) or a linear-gradient(…) / radial-gradient(…) of colors.");
