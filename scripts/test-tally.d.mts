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
export interface TapFailure {
  /** The test's name after its suites' names, joined by ' › '. */
  name: string;
  location: string;
  /** The first lines of its error. */
  error: string[];
}
export function failuresInTap(tap: string, maxErrorLines?: number): TapFailure[];
