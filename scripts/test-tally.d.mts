export type Part = 'redis-server' | 'wordpress' | 'chromium' | 'build';
export function partsBeforeServerTests(files: readonly string[], options: { browserStage: boolean }): Part[];
export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  /** Why tests were skipped, and how many each. */
  skipReasons: Map<string, number>;
}
export function tallyTap(tap: string): Tally;
export function avoidableSkips(skipReasons: Map<string, number>): [string, number][];
