/**
 * A small seeded pseudo-random generator (mulberry32) so demo data is the same for the same
 * seed. Not for anything security-related.
 */
export interface Random {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both inclusive. */
  int: (min: number, max: number) => number;
  /** True with the given probability (0–1). */
  chance: (probability: number) => boolean;
  /** One element of a non-empty list. */
  pick: <T>(items: readonly T[]) => T;
  /** `count` distinct elements (fewer if the list is shorter), in random order. */
  sample: <T>(items: readonly T[], count: number) => T[];
  /** A shuffled copy. */
  shuffle: <T>(items: readonly T[]) => T[];
  /** One element chosen by weight; weights need not sum to 1. */
  weighted: <T>(items: readonly (readonly [T, number])[]) => T;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("pick() needs a non-empty list");
    return items[Math.floor(next() * items.length)]!;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    shuffle,
    sample: <T>(items: readonly T[], count: number): T[] => {
      // A partial Fisher–Yates shuffle: only the first `count` places are drawn.
      const copy = [...items];
      const take = Math.min(Math.max(0, count), copy.length);
      for (let i = 0; i < take; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, take);
    },
    weighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      if (items.length === 0) throw new Error("weighted() needs a non-empty list");
      return items[items.length - 1]![0];
    },
  };
}
