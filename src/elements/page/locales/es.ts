/** Spanish texts of `<conf-page>` (same shape as `de.ts`), registered by the element's module. */
import { str } from '@lit/localize';

export const templates = {
  'page.empty': 'Todavía no hay páginas publicadas.',
  'page.not-found': 'No se encontró esta página.',
  'page.not-found-detail': str`Este sitio no tiene ninguna página «${0}».`,
};
