/**
 * The registration this browser remembers per proxy (localStorage: its id and the name to greet
 * the person with), written when `<conf-registration-form>` makes one. Apart from
 * `registrant.ts`, whose controller and field read it, so the registration form, which only
 * writes it (fetching this module once a registration is made), does not download them.
 */
import type { ConfRegisteredEvent } from '../events/conf-registered.js';

const KEY_PREFIX = 'conf-widgets:registrant:';
/** Tells the elements of this page that the remembered registration changed (storage events reach only other tabs). */
export const CHANGED = 'conf-registrant-changed';

function slot(endpoint: string): string {
  return KEY_PREFIX + endpoint;
}

export function readRemembered(endpoint: string): { id: string; name: string | null } | null {
  try {
    const v = JSON.parse(localStorage.getItem(slot(endpoint)) ?? 'null') as { id?: unknown; name?: unknown } | null;
    return typeof v?.id === 'string' && v.id
      ? { id: v.id, name: typeof v.name === 'string' && v.name ? v.name : null }
      : null;
  } catch {
    return null; // storage blocked or a foreign value: nothing remembered
  }
}

export function remember(endpoint: string, value: { id: string; name: string | null } | null): void {
  try {
    if (value) localStorage.setItem(slot(endpoint), JSON.stringify(value));
    else localStorage.removeItem(slot(endpoint));
  } catch {
    // No storage: the person types the id next time.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** Remembers a registration made through the proxy at `endpoint`, greeting by the name registered. */
export function rememberRegistration(
  endpoint: string,
  r: { id: string; firstName?: unknown; lastName?: unknown },
): void {
  const name = [r.firstName, r.lastName].filter((s) => typeof s === 'string' && s.trim()).join(' ');
  remember(endpoint, { id: r.id, name: name || null });
}

let listening = false;

/**
 * Remembers every registration `<conf-registration-form>` makes on this page. Installed once per
 * page by the elements that read it; the registration form itself fetches this module and
 * remembers its registration once made.
 */
export function rememberRegistrations(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('conf-registered', (e: ConfRegisteredEvent) => {
    // Kept per proxy: the form's own, since a registration id means something only to its conference.
    const endpoint = (e.composedPath()[0] as { resolvedEndpoint?: { url?: unknown } } | undefined)?.resolvedEndpoint
      ?.url;
    if (typeof endpoint === 'string') rememberRegistration(endpoint, { ...e.detail.registration, id: e.detail.id });
  });
}
