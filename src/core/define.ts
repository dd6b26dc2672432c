/**
 * Registers an element without ever throwing. A CMS page may load the bundle twice (a theme and a
 * plugin each adding the script tag): the same version is a no-op; another version keeps the first
 * definition and warns once, since a custom element name can be defined only once per page.
 * Outside a browser it does nothing (see below), so every entry point can be imported on a server.
 */
import { VERSION } from './version.js';

const warned = new Set<string>();

export function defineElement(tag: string, ctor: CustomElementConstructor, version = VERSION): void {
  // On a server (an SSR framework importing the module) there is nothing to upgrade: the tags are
  // sent as written and upgrade once the page's script runs in the browser. Lit's Node build puts
  // a stand-in `customElements` on globalThis for its own server rendering, so its presence alone
  // does not mean a browser; the elements are not registered there (they render from data fetched
  // in the browser, and their constructors touch the DOM).
  if (typeof document === 'undefined' || typeof customElements === 'undefined') return;
  const existing = customElements.get(tag) as (CustomElementConstructor & { version?: string }) | undefined;
  if (!existing) {
    try {
      customElements.define(tag, ctor);
    } catch (e) {
      // A racing definition from another copy of the bundle won; nothing to fix on this page.
      console.warn(`<${tag}> could not be defined: ${e instanceof Error ? e.message : String(e)}`);
    }
    return;
  }
  if (existing === ctor || existing.version === version) return;
  if (warned.has(tag)) return;
  warned.add(tag);
  console.warn(
    `<${tag}> is already defined by conf-widgets ${existing.version ?? 'of an unknown version'}; ` +
      `this page also loads ${version}. The first one stays in use. Fix: include conf-widgets.js only once.`,
  );
}
