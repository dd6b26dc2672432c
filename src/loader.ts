/**
 * `conf-widgets.js`, the script a CMS page includes: a small loader. It looks for `conf-*` tags on
 * the page, now and whenever the page adds some later (a CMS that renders late), and imports only
 * the chunks of the elements it finds. Every element chunk shares one core chunk (Lit, the API
 * client's reads, `<conf-provider>`).
 *
 * The build (scripts/bundle-config.mjs) turns each `import()` below into a relative import of a
 * content-hashed chunk in `conf-widgets/` beside this file. A relative URL drops this script's
 * query string, so `conf-widgets.js?v=3` and `conf-widgets.js` load the very same chunks, and the
 * build refuses a chunk that imports this file back (it would run twice under two URLs).
 * This module imports nothing statically, so its own code is all a page pays up front.
 */
type Load = () => Promise<unknown>;

const ELEMENTS: Record<string, Load> = {
  'conf-provider': () => import('./elements/provider/define.js'),
  'conf-speakers': () => import('./elements/speakers/define.js'),
  'conf-schedule': () => import('./elements/schedule/define.js'),
  'conf-abstracts': () => import('./elements/abstracts/define.js'),
  'conf-exhibits': () => import('./elements/exhibits/define.js'),
  'conf-registration-form': () => import('./elements/registration-form/define.js'),
  'conf-exhibit-form': () => import('./elements/exhibit-form/define.js'),
  'conf-checkin': () => import('./elements/checkin/define.js'),
  'conf-workshops': () => import('./elements/workshops/define.js'),
  'conf-abstract-form': () => import('./elements/abstract-form/define.js'),
  'conf-page': () => import('./elements/page/define.js'),
  'conf-site-nav': () => import('./elements/site-nav/define.js'),
};

/** Tags whose chunk has not been asked for yet. */
const waiting = new Map(Object.entries(ELEMENTS));

function load(tag: string): void {
  const get = waiting.get(tag);
  if (!get) return;
  waiting.delete(tag);
  // Every element's chunk imports the core chunk, which the browser would only discover once the
  // element's chunk has arrived: asking for it now fetches both at once (one round trip less
  // before the element can render).
  load('conf-provider');
  get().catch((error: unknown) => {
    // Without its chunk the element stays an empty unknown tag: say why, where it can be seen.
    console.warn(
      `<${tag}>: its code could not be loaded from the conf-widgets/ directory beside ${import.meta.url.replace(/[?#].*$/, '')}. ` +
        `Fix: check that the proxy is reachable and that the page's Content-Security-Policy allows scripts from it (script-src).`,
      error,
    );
  });
  if (waiting.size === 0) observer?.disconnect();
}

function scan(root: Element | Document): void {
  if (waiting.size === 0) return;
  if (root instanceof Element && waiting.has(root.localName)) load(root.localName);
  for (const el of root.querySelectorAll([...waiting.keys()].join(','))) load(el.localName);
}

const observer =
  typeof MutationObserver === 'undefined'
    ? null
    : new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) if (node instanceof Element) scan(node);
        }
      });

if (typeof document !== 'undefined') {
  // Tags the parser has yet to reach (an async script tag) arrive as mutations, like later ones.
  observer?.observe(document, { childList: true, subtree: true });
  scan(document);
}

export {};
