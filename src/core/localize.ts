/**
 * Localization through @lit/localize's `msg()` (runtime mode, stable ids), with one difference
 * from its `configureLocalization`: the locale is chosen per element, not per page. An element
 * renders synchronously inside {@link withLocale}, so two elements with different `lang` on one
 * page each speak their own language. Locale modules have the lit-localize runtime shape, so the
 * extraction tooling can take over their upkeep.
 */
import { _installMsgImplementation } from '@lit/localize/init/install.js';
import { runtimeMsg } from '@lit/localize/internal/runtime-msg.js';
import type { TemplateMap, TemplateLike } from '@lit/localize/internal/types.js';
import { templates as de } from './locales/de.js';

export const SOURCE_LOCALE = 'en';
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

const catalogs: Record<Locale, TemplateMap | undefined> = { en: undefined, de: de as TemplateMap };

let active: TemplateMap | undefined;

try {
  _installMsgImplementation(((template: TemplateLike, options?: { id?: string }) =>
    runtimeMsg(active, template, options)) as Parameters<typeof _installMsgImplementation>[0]);
} catch {
  // Another copy of lit-localize on the page owns msg(); our text then stays in English.
  console.warn('conf-widgets: another lit-localize configuration is active; texts stay in English.');
}

/** Best supported locale for a BCP 47 tag: `de-AT` → `de`, unknown → English. */
export function matchLocale(tag: string | null | undefined): Locale {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(base ?? '') ? (base as Locale) : SOURCE_LOCALE;
}

/** The `lang` that applies to an element: its own, the nearest ancestor's across shadow roots, the page's. */
export function langOf(el: Element): string {
  let node: Node | null = el;
  while (node) {
    if (node instanceof Element && node.hasAttribute('lang')) return node.getAttribute('lang') ?? '';
    node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null);
  }
  return document.documentElement.lang || navigator.language || SOURCE_LOCALE;
}

/** Runs `fn` (a synchronous render) with `msg()` answering in `locale`. */
export function withLocale<T>(locale: Locale, fn: () => T): T {
  const previous = active;
  active = catalogs[locale];
  try {
    return fn();
  } finally {
    active = previous;
  }
}
