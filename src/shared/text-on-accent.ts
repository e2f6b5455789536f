/**
 * The text color to put on a chatbot's accent (its own choice, a hex color or
 * a gradient): white or near-black, whichever keeps the better contrast
 * (WCAG 2.1 relative luminance) against every hex color the accent contains.
 * White unless dark text reads better, so the usual saturated accents keep
 * their white text and light ones (sky blue, yellow) get dark text.
 */
export const LIGHT_TEXT = "#ffffff";
export const DARK_TEXT = "#111827";

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const h = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join("") : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

export function textOnAccent(accent: string): typeof LIGHT_TEXT | typeof DARK_TEXT {
  const colors = accent.match(/#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/gi) ?? [];
  if (colors.length === 0) return LIGHT_TEXT;
  const worst = (text: string) => Math.min(...colors.map((c) => contrastRatio(text, c)));
  return worst(DARK_TEXT) > worst(LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}
