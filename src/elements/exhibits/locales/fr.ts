/** French texts of `<conf-exhibits>` (same shape as `de.ts`), registered by the element's module. */
import { str } from '@lit/localize';

export const templates = {
  'exhibits.search': 'Rechercher un exposant',
  'exhibits.search-placeholder': 'Nom, stand, thème …',
  'exhibits.count': str`${0} exposants`,
  'exhibits.empty': 'Aucun exposant publié pour l’instant.',
  'exhibits.clear': 'Afficher tous les exposants',
  'exhibits.types': 'Type d’exposant',
  'exhibits.type.all': 'Tous',
  'exhibits.type.sponsor': 'Partenaire',
  'exhibits.type.startup': 'Start-up',
  'exhibits.type.research': 'Recherche',
  'exhibits.type.nonprofit': 'Association',
  'exhibits.type.community': 'Communauté',
  'exhibits.type.commercial': 'Entreprise',
  'exhibits.booth': str`Stand ${0}`,
  'exhibits.presenter': str`Présenté par ${0}`,
  'exhibits.website': 'Visiter le site web',
  'exhibits.new-tab': '(s’ouvre dans un nouvel onglet)',
};
