/**
 * Story controls from the custom elements manifest (`npm run build` writes
 * `dist/custom-elements.json` from the elements' JSDoc), so an attribute documented once shows up
 * as a control with its description and default. Without a build the stories still render, with
 * controls inferred from their args.
 */
import type { ArgTypes, Args } from '@storybook/web-components-vite';

interface ManifestAttribute {
  name: string;
  description?: string;
  type?: { text?: string };
  default?: string;
}
interface ManifestDeclaration {
  tagName?: string;
  summary?: string;
  description?: string;
  attributes?: ManifestAttribute[];
  cssProperties?: { name: string; description?: string; default?: string }[];
  events?: { name?: string; description?: string }[];
}
interface Manifest {
  modules?: { declarations?: ManifestDeclaration[] }[];
}

// Vite inlines the file when it exists and yields nothing when it does not (no build yet).
const found = import.meta.glob<Manifest>('../dist/custom-elements.json', { eager: true, import: 'default' });
const manifest: Manifest = Object.values(found)[0] ?? {};

export function declaration(tag: string): ManifestDeclaration | undefined {
  return manifest.modules?.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === tag);
}

/** The JSDoc summary, for the docs page. */
export function summary(tag: string): string {
  return declaration(tag)?.summary ?? declaration(tag)?.description ?? '';
}

const unquote = (v: string | undefined) => v?.replace(/^['"]|['"]$/g, '');

/**
 * Controls for every attribute (and `--conf-*` custom property) of `tag`. `options` gives the
 * values of attributes typed by a named union (`ScheduleView`), which the manifest does not expand.
 */
export function argTypesFor(tag: string, options: Record<string, readonly string[]> = {}): ArgTypes {
  const d = declaration(tag);
  const out: ArgTypes = {};
  for (const a of d?.attributes ?? []) {
    const type = a.type?.text ?? 'string';
    const values = options[a.name] ?? literalUnion(type);
    out[a.name] = {
      name: a.name,
      description: a.description ?? '',
      table: {
        category: 'attributes',
        type: { summary: type },
        ...(a.default ? { defaultValue: { summary: a.default } } : {}),
      },
      control: values
        ? { type: 'select' }
        : /\bnumber\b/.test(type)
          ? { type: 'number' }
          : /\bboolean\b/.test(type)
            ? { type: 'boolean' }
            : { type: 'text' },
      ...(values ? { options: ['', ...values] } : {}),
    };
  }
  for (const p of d?.cssProperties ?? []) {
    out[p.name] = {
      name: p.name,
      description: p.description ?? '',
      table: {
        category: 'CSS custom properties',
        ...(p.default ? { defaultValue: { summary: unquote(p.default) ?? '' } } : {}),
      },
      control: /colou?r/i.test(`${p.name} ${p.description ?? ''}`) ? { type: 'color' } : { type: 'text' },
    };
  }
  for (const e of d?.events ?? []) {
    if (!e.name) continue;
    out[`on-${e.name}`] = {
      name: e.name,
      description: e.description ?? '',
      table: { category: 'events' },
      control: false,
    };
  }
  return out;
}

/** `'a' | 'b'` → `['a', 'b']`; null for anything else. */
function literalUnion(type: string): string[] | null {
  const parts = type
    .split('|')
    .map((s) => s.trim())
    .filter((s) => s !== 'undefined');
  if (parts.length < 2 || !parts.every((p) => /^'[^']*'$/.test(p))) return null;
  return parts.map((p) => p.slice(1, -1));
}

/**
 * The element as markup would write it: args named like attributes become attributes (empty or
 * false ones are left out), `--conf-*` args become custom properties (set through the CSSOM, so
 * the stories need no inline style under a strict CSP).
 */
export function element<T extends HTMLElement = HTMLElement>(tag: string, args: Args): T {
  const el = document.createElement(tag) as T;
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    if (name.startsWith('--')) el.style.setProperty(name, String(value));
    else if (!name.startsWith('on-') && /^[a-z][a-z0-9-]*$/.test(name))
      el.setAttribute(name, value === true ? '' : String(value));
  }
  return el;
}
