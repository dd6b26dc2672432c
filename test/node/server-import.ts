/**
 * Imports browser entry points in a child Node process with no DOM, as a server-rendering
 * framework does when a page imports `conf-widgets/schedule`, and reports what happened: which
 * imports threw, which `conf-*` tags got defined (Lit's Node build puts a stand-in
 * `customElements` on globalThis, so "defined" is checked there), and which browser globals the
 * imports left behind. Used on the TypeScript sources (ssr-import.test.ts) and on the packed
 * tarball (package.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Globals a browser has and plain Node does not: none may appear after importing. */
export const DOM_GLOBALS = [
  'document',
  'window',
  'HTMLElement',
  'CSSStyleSheet',
  'localStorage',
  'matchMedia',
  'MutationObserver',
  'ResizeObserver',
] as const;

export interface ServerImport {
  /** Specifier → the error it threw (first lines of the stack), for those that threw. */
  errors: Record<string, string>;
  /** `conf-*` tags found in the (stand-in) custom element registry afterwards. */
  defined: string[];
  /** Browser globals present afterwards. */
  domGlobals: string[];
}

/** The export subpaths (`.`, `./schedule`, …) whose code runs in a browser, with their `default` target. */
export function browserExports(packageJson: string): Array<{ subpath: string; target: string }> {
  const { exports } = JSON.parse(readFileSync(packageJson, 'utf8')) as {
    exports: Record<string, string | { default: string }>;
  };
  return Object.entries(exports)
    .map(([subpath, value]) => ({ subpath, target: typeof value === 'string' ? value : value.default }))
    .filter(({ target }) => target.endsWith('.js') && !target.startsWith('./dist/node/'));
}

/** Every tag an element's define module registers (`defineElement('conf-x', …)`), in `dir`'s `*\/define.{ts,js}`. */
export function definedTags(elementsDir: string): string[] {
  return readdirSync(elementsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      const file = readdirSync(join(elementsDir, d.name)).find((f) => /^define\.(ts|js)$/.test(f));
      if (!file) return [];
      const code = readFileSync(join(elementsDir, d.name, file), 'utf8');
      return [...code.matchAll(/defineElement\(\s*['"](conf-[a-z-]+)['"]/g)].map((m) => m[1]!);
    })
    .sort();
}

/**
 * Imports `specifiers` one after the other in one child process (`cwd` is where bare specifiers
 * resolve from; `nodeArgs` e.g. `['--import', 'tsx']` for TypeScript sources).
 */
export function importOnServer(
  specifiers: string[],
  tags: string[],
  { cwd, nodeArgs = [] }: { cwd: string; nodeArgs?: string[] },
): ServerImport {
  const script = `
    const errors = {};
    for (const s of ${JSON.stringify(specifiers)}) {
      try { await import(s); } catch (e) { errors[s] = String(e && e.stack || e).split('\\n').slice(0, 3).join('\\n'); }
    }
    const defined = ${JSON.stringify(tags)}.filter((t) => globalThis.customElements?.get(t) !== undefined);
    const domGlobals = ${JSON.stringify(DOM_GLOBALS)}.filter((g) => g in globalThis);
    process.stdout.write('\\n' + JSON.stringify({ errors, defined, domGlobals }));
  `;
  const r = spawnSync(process.execPath, [...nodeArgs, '--input-type=module', '-e', script], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
  });
  const last = r.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(last) as ServerImport;
  } catch {
    throw new Error(`the child process printed no result (exit ${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  }
}
