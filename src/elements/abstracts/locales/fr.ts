/** French texts of `<conf-abstracts>` (same shape as `de.ts`), registered by the element's module. */
import { str } from '@lit/localize';

export const templates = {
  'abstracts.search': 'Rechercher dans les résumés',
  'abstracts.search-placeholder': 'Titre, auteur, mot-clé …',
  'abstracts.track': 'Thématique',
  'abstracts.all-tracks': 'Toutes les thématiques',
  'abstracts.count': str`${0} résumés sur ${1}`,
  'abstracts.count-filtered': str`${0} des ${1} résumés chargés correspondent`,
  'abstracts.empty': 'Aucun résumé accepté pour l’instant.',
  'abstracts.partial-search': 'Seuls les résumés déjà chargés ont été parcourus.',
  'abstracts.load-more': str`Charger ${0} de plus`,
  'abstracts.more-loaded': str`${0} résumés de plus chargés.`,
  'abstracts.more-error': 'Les résumés suivants n’ont pas pu être chargés :',
  'abstracts.presenting': 'présente',
  'abstracts.presenting-badge': 'Présente',
  'abstracts.keywords': 'Mots-clés :',
  'abstracts.authors': 'Auteurs',
  'abstracts.abstract': 'Résumé',
};
