/**
 * The registration this browser remembers per proxy (localStorage: its id and the name to greet
 * the person with), written when `<conf-registration-form>` makes one. Apart from
 * `registrant.ts`, whose controller and field read it, so the registration form, which only
 * writes it, does not download them.
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

let listening = false;

/**
 * Remembers every registration `<conf-registration-form>` makes on this page. Installed once per
 * page by the registration form and by the elements that read it.
 */
export function rememberRegistrations(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('conf-registered', (e: ConfRegisteredEvent) => {
    const r = e.detail.registration;
    const name = [r.firstName, r.lastName].filter((s) => typeof s === 'string' && s.trim()).join(' ');
    // Kept per proxy: the form's own, since a registration id means something only to its conference.
    const endpoint = (e.composedPath()[0] as { resolvedEndpoint?: { url?: unknown } } | undefined)?.resolvedEndpoint
      ?.url;
    if (typeof endpoint === 'string') remember(endpoint, { id: e.detail.id, name: name || null });
  });
}
