/** Accent colors: a hex color or a CSS gradient expression; a random gradient when none is given. */
const PALETTE = ["#6366f1", "#8b5cf6", "#ec4899", "#f43f5e", "#f97316", "#eab308", "#22c55e", "#14b8a6", "#06b6d4", "#3b82f6"];

export function randomGradient(random: () => number = Math.random): string {
  const first = Math.floor(random() * PALETTE.length);
  const offset = 1 + Math.floor(random() * (PALETTE.length - 1));
  const angle = [90, 120, 135, 160][Math.floor(random() * 4)];
  return `linear-gradient(${angle}deg, ${PALETTE[first]}, ${PALETTE[(first + offset) % PALETTE.length]})`;
}

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const GRADIENT = /^(?:repeating-)?(?:linear|radial|conic)-gradient\([^;{}<>]{3,500}\)$/;

export function isAccentColor(value: string): boolean {
  return HEX.test(value) || GRADIENT.test(value);
}
