/**
 * The host page's colour scheme, watched once for every element on the page.
 *
 * An element without a `theme` attribute looks like the page it sits on: a white CMS page keeps
 * light elements even for a visitor whose system is dark; a dark page gets dark ones. The page says
 * which it is by, in order:
 * 1. the computed `color-scheme` of its root element (`:root { color-scheme: dark }`);
 * 2. a `<meta name="color-scheme" content="dark">`;
 * 3. when it declares neither, the luminance of its root's or body's computed background;
 * and light when none of these says anything. A page declaring both (`light dark`) follows the
 * visitor's system, as the browser does for the page itself.
 *
 * Sites switch their own dark mode by a class, attribute or inline style on `<html>` or `<body>`, or
 * by rewriting the meta tag; one MutationObserver and one media-query listener, shared by all
 * elements and started only while one is connected, notice it. A background that changes with a
 * CSS transition is read again when the transition ends.
 */

export type Scheme = 'light' | 'dark';
export type SchemeListener = () => void;

const listeners = new Set<SchemeListener>();
let observer: MutationObserver | undefined;
let media: MediaQueryList | undefined;
let current: Scheme | undefined;

/** The visitor's system preference. */
export function systemScheme(): Scheme {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** A `color-scheme` value (`normal`, `dark`, `light dark`, `only light`…) → the scheme it asks for, if any. */
export function schemeOfDeclaration(value: string | null | undefined): Scheme | undefined {
  const words = (value ?? '').toLowerCase().split(/\s+/);
  const light = words.includes('light');
  const dark = words.includes('dark');
  if (light && dark) return systemScheme();
  if (dark) return 'dark';
  if (light) return 'light';
  return undefined;
}

/** `rgb()`/`rgba()` as computed → relative luminance (WCAG), or undefined when (nearly) transparent. */
export function luminanceOf(color: string): number | undefined {
  const m = /rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)/.exec(color);
  if (!m) return undefined;
  const alphaText = m[4];
  const alpha =
    alphaText === undefined ? 1 : alphaText.endsWith('%') ? parseFloat(alphaText) / 100 : parseFloat(alphaText);
  if (alpha < 0.5) return undefined;
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
    const s = Number(c) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Below this luminance a background reads as dark: 0.18 is where white and black text have the
 * same contrast against it (about 4.6:1 each), so a darker background is one that needs light text.
 */
const DARK_BACKGROUND = 0.18;

/** The page's scheme now, read from the document (see the module comment for the order). */
export function readPageScheme(doc: Document = document): Scheme {
  const root = doc.documentElement;
  const declared = schemeOfDeclaration(getComputedStyle(root).colorScheme);
  if (declared) return declared;
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="color-scheme" i]');
  const fromMeta = schemeOfDeclaration(meta?.content);
  if (fromMeta) return fromMeta;
  for (const el of [root, doc.body]) {
    if (!el) continue;
    const l = luminanceOf(getComputedStyle(el).backgroundColor);
    if (l !== undefined) return l < DARK_BACKGROUND ? 'dark' : 'light';
  }
  return 'light';
}

/** What an element sits on: its scheme, and its colour (`Canvas` for the page's own canvas). */
export interface Backdrop {
  scheme: Scheme;
  color: string;
}

/**
 * What an element sits on: the first ancestor (through shadow hosts, up to the root) with a
 * background colour of its own, 'light' or 'dark' by its luminance; undefined when a background
 * image comes first (a gradient hero: nothing to go by). No background at all is the canvas, whose
 * colour the page's scheme gives.
 */
export function backdropOf(el: Element): Backdrop | undefined {
  let node: Element | null = parentOf(el);
  while (node) {
    const cs = getComputedStyle(node);
    const l = luminanceOf(cs.backgroundColor);
    if (l !== undefined) return { scheme: l < DARK_BACKGROUND ? 'dark' : 'light', color: cs.backgroundColor };
    if (cs.backgroundImage && cs.backgroundImage !== 'none') return undefined;
    node = parentOf(node);
  }
  return { scheme: readPageScheme(el.ownerDocument), color: 'Canvas' };
}

function parentOf(el: Element): Element | null {
  if (el.parentElement) return el.parentElement;
  const root = el.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/** The page's scheme, cached while watched. */
export function pageScheme(): Scheme {
  return (current ??= readPageScheme());
}

function recheck(): void {
  const next = readPageScheme();
  if (next === current) return;
  current = next;
  for (const l of [...listeners]) l();
}

/** The system's preference changed: elements in `theme="auto"` follow it even if the page does not. */
function onSystemChange(): void {
  current = readPageScheme();
  for (const l of [...listeners]) l();
}

function onTransitionEnd(e: Event): void {
  const t = e.target;
  if (t === document.documentElement || t === document.body) recheck();
}

function start(): void {
  observer = new MutationObserver((records) => {
    // The body arriving after the script (a script in <head>) is watched from then on.
    if (records.some((r) => r.type === 'childList' && r.target === document.documentElement) && document.body) {
      observer?.observe(document.body, { attributes: true });
    }
    recheck();
  });
  observer.observe(document.documentElement, { attributes: true, childList: true });
  if (document.body) observer.observe(document.body, { attributes: true });
  // A meta tag added, removed or rewritten anywhere in the head.
  observer.observe(document.head ?? document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['content', 'name'],
  });
  media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;
  media?.addEventListener('change', onSystemChange);
  document.addEventListener('transitionend', onTransitionEnd, true);
  current = readPageScheme();
}

function stop(): void {
  observer?.disconnect();
  observer = undefined;
  media?.removeEventListener('change', onSystemChange);
  media = undefined;
  document.removeEventListener('transitionend', onTransitionEnd, true);
  current = undefined;
}

/**
 * Calls `listener` whenever the page's scheme or the system's preference changes (an element in
 * `theme="auto"` follows the latter through the same listener). Returns the unsubscribe function;
 * the watcher stops when nobody listens.
 */
export function watchScheme(listener: SchemeListener): () => void {
  if (listeners.size === 0) start();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}

/** How many listeners the shared watcher has (tests check there is one watcher, not one per element). */
export function schemeListenerCount(): number {
  return listeners.size;
}
