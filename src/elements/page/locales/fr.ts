/** French texts of `<conf-page>` (same shape as `de.ts`), registered by the element's module. */
import { str } from '@lit/localize';

export const templates = {
  'page.empty': 'Aucune page publiée pour l’instant.',
  'page.not-found': 'Cette page est introuvable.',
  'page.not-found-detail': str`Ce site n’a pas de page « ${0} ».`,
};
