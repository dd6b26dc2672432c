/**
 * German texts of `<conf-site-nav>` (same shape as `core/locales/de.ts`), registered by the element's module.
 */
export const templates = {
  'site-nav.label': 'Website',
  'site-nav.menu': 'Menü',
  'site-nav.empty': 'Noch keine Seiten veröffentlicht.',
};
