/**
 * German texts of `<conf-page>` (same shape as `core/locales/de.ts`), registered by the element's module.
 */
import { str } from '@lit/localize';

export const templates = {
  'page.empty': 'Noch keine Seiten veröffentlicht.',
  'page.not-found': 'Diese Seite wurde nicht gefunden.',
  'page.not-found-detail': str`Auf dieser Website gibt es keine Seite „${0}“.`,
};
