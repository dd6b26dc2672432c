/** French texts of `<conf-speakers>` (same shape as `de.ts`), registered by the element's module. */
import { str } from '@lit/localize';

export const templates = {
  'speakers.search': 'Rechercher un intervenant',
  'speakers.search-placeholder': 'Nom, organisation …',
  'speakers.count': str`${0} intervenants`,
  'speakers.empty': 'Aucun intervenant publié pour l’instant.',
  'speakers.sessions': 'Sessions',
  'speakers.no-sessions': 'Aucune session au programme pour l’instant.',
  'speakers.links': 'Liens',
};
