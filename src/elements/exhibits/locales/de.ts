/**
 * German texts of `<conf-exhibits>` (same shape as `core/locales/de.ts`), registered by the element's module.
 */
import { str } from '@lit/localize';

export const templates = {
  'exhibits.search': 'Aussteller suchen',
  'exhibits.search-placeholder': 'Name, Stand, Thema …',
  'exhibits.count': str`${0} Aussteller`,
  'exhibits.empty': 'Noch keine Aussteller veröffentlicht.',
  'exhibits.clear': 'Alle Aussteller zeigen',
  'exhibits.types': 'Art des Ausstellers',
  'exhibits.type.all': 'Alle',
  'exhibits.type.sponsor': 'Sponsor',
  'exhibits.type.startup': 'Start-up',
  'exhibits.type.research': 'Forschung',
  'exhibits.type.nonprofit': 'Gemeinnützig',
  'exhibits.type.community': 'Community',
  'exhibits.type.commercial': 'Unternehmen',
  'exhibits.booth': str`Stand ${0}`,
  'exhibits.presenter': str`Präsentiert von ${0}`,
  'exhibits.website': 'Zur Website',
  'exhibits.new-tab': '(öffnet in neuem Tab)',
};
