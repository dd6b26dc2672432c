/** Spanish texts of `<conf-site-nav>` (same shape as `de.ts`), registered by the element's module. */
export const templates = {
  'site-nav.label': 'Sitio',
  'site-nav.menu': 'Menú',
  'site-nav.empty': 'Todavía no hay páginas publicadas.',
};
