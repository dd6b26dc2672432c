/** French texts of `<conf-site-nav>` (same shape as `de.ts`), registered by the element's module. */
export const templates = {
  'site-nav.label': 'Site',
  'site-nav.menu': 'Menu',
  'site-nav.empty': 'Aucune page publiée pour l’instant.',
};
