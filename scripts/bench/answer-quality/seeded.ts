/** A seeded random (mulberry32 over an FNV-1a hash of the seed): the same questions on every run and machine. */
export interface Seeded {
  next: () => number;
  pick: <T>(xs: readonly T[]) => T;
  /** A shuffled copy (Fisher–Yates). */
  shuffle: <T>(xs: readonly T[]) => T[];
}

export function seeded(seed: string): Seeded {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const shuffle = <T>(xs: readonly T[]) => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  return { next, pick, shuffle };
}
