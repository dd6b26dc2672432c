/**
 * Localization through @lit/localize's `msg()` (runtime mode, stable ids), with one difference
 * from its `configureLocalization`: the locale is chosen per element, not per page. An element
 * renders synchronously inside {@link withLocale}, so two elements with different `lang` on one
 * page each speak their own language. Locale modules have the lit-localize runtime shape, so the
 * extraction tooling can take over their upkeep.
 *
 * Translations are loaded on demand: modules register a loader (`() => import('./locales/de.js')`),
 * and the bundle puts every module of one language (de, fr, es) into one chunk of its own, fetched
 * the first time an element resolves to that language. An English page downloads none of them.
 */
import { _installMsgImplementation } from '@lit/localize/init/install.js';
import { defaultMsg } from '@lit/localize/internal/default-msg.js';
import { isStrTagged, joinStringsAndValues } from '@lit/localize/internal/str-tag.js';
import type { TemplateMap, TemplateLike } from '@lit/localize/internal/types.js';

export const SOURCE_LOCALE = 'en';
export const LOCALES = ['en', 'de', 'fr', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export type TranslatedLocale = Exclude<Locale, typeof SOURCE_LOCALE>;

/** A locale module's templates (ids → translations). */
export type Catalog = Readonly<Record<string, TemplateLike>>;
/** A locale module loaded on demand; dynamic `import()` of the module satisfies it. */
export type CatalogLoader = () => Promise<{ templates: Catalog }>;

const catalogs: Partial<Record<Locale, TemplateMap>> = {};
/** Loaders registered and not yet loaded, per locale. */
const pending: Partial<Record<Locale, CatalogLoader[]>> = {};
const loading: Partial<Record<Locale, Promise<void>>> = {};

function addCatalog(locale: Locale, templates: Catalog): void {
  catalogs[locale] = Object.assign(catalogs[locale] ?? {}, templates);
}

/**
 * Adds an element's translations to `locale`, from the element's module, so core's catalog does
 * not have to know every element and an element bundled alone carries only its own texts. Ids are
 * namespaced by element (`schedule.*`), so registrations never collide. Pass a loader
 * (`() => import('./locales/de.js')`) to keep the texts out of the bundle until a page needs them,
 * or the templates themselves.
 */
export function registerMessages(locale: TranslatedLocale, source: Catalog | CatalogLoader): void {
  if (typeof source === 'function') (pending[locale] ??= []).push(source);
  else addCatalog(locale, source);
}

/** True when every catalog registered for `locale` is in, so rendering in it shows no English. */
export function localeReady(locale: Locale): boolean {
  return !pending[locale]?.length;
}

/**
 * Loads the catalogs registered for `locale` that are not in yet; concurrent callers share one
 * load. A catalog that cannot be loaded (network, blocked chunk) is dropped with a warning: the
 * element then speaks English rather than staying a skeleton.
 */
export function loadLocale(locale: Locale): Promise<void> {
  const existing = loading[locale];
  if (existing) return existing;
  const batch = [...(pending[locale] ?? [])];
  if (batch.length === 0) return Promise.resolve();
  const done = Promise.all(
    batch.map((load) =>
      load().then(
        (m) => addCatalog(locale, m.templates),
        (error: unknown) =>
          console.warn(`conf-widgets: the "${locale}" texts could not be loaded; showing English.`, error),
      ),
    ),
  ).then(() => {
    pending[locale] = (pending[locale] ?? []).filter((l) => !batch.includes(l));
    delete loading[locale];
  });
  loading[locale] = done;
  return done;
}

let active: TemplateMap | undefined;

/**
 * `msg()` for our catalogs. Every message has an explicit id, so lit-localize's `runtimeMsg`, whose
 * extra weight is hashing ids from the English text, is not needed; nor are `html` messages used.
 * The translation's `${0}` placeholders pick the source's values by index, as in lit-localize.
 */
function lookup(template: TemplateLike, options?: { id?: string }): TemplateLike {
  const translated = options?.id === undefined ? undefined : active?.[options.id];
  if (typeof translated === 'string') return translated;
  if (translated && isStrTagged(translated) && isStrTagged(template)) {
    return joinStringsAndValues(translated.strings, template.values, translated.values as number[]);
  }
  return defaultMsg(template);
}

try {
  _installMsgImplementation(lookup as Parameters<typeof _installMsgImplementation>[0]);
} catch {
  // Another copy of lit-localize on the page owns msg(); our text then stays in English.
  console.warn('conf-widgets: another lit-localize configuration is active; texts stay in English.');
}

registerMessages('de', () => import('./locales/de.js'));
registerMessages('fr', () => import('./locales/fr.js'));
registerMessages('es', () => import('./locales/es.js'));

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
