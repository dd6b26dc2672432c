/** Where a series of memory samples flattens, for `memory-soak.bench.ts`. */

/** Growth after the plateau stays under this share. */
export const PLATEAU_SLACK = 0.05;

/**
 * The first sample after which the series never rises more than `slack` above the highest value
 * reached so far (RSS moves in a sawtooth with each collection, so a single sample is not the
 * level), or null. At least a third of the samples, and three, must follow it: a series that
 * flattens only at its end, or grows slowly to the end, has no plateau.
 */
export function plateauIndex(values: readonly number[], slack = PLATEAU_SLACK): number | null {
  const minAfter = Math.max(3, Math.ceil(values.length / 3));
  const laterMax: number[] = new Array(values.length).fill(-Infinity);
  for (let i = values.length - 2; i >= 0; i--) laterMax[i] = Math.max(laterMax[i + 1]!, values[i + 1]!);
  let reached = -Infinity;
  for (let i = 0; i < values.length - minAfter; i++) {
    reached = Math.max(reached, values[i]!);
    if (laterMax[i]! <= reached * (1 + slack)) return i;
  }
  return null;
}

/** The highest value up to and including `index`: the level the plateau holds. */
export function levelAt(values: readonly number[], index: number): number {
  return Math.max(...values.slice(0, index + 1));
}
