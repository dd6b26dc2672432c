/**
 * German texts of `<conf-abstracts>` (same shape as `core/locales/de.ts`), registered by the element's module.
 */
import { str } from '@lit/localize';

export const templates = {
  'abstracts.search': 'Einreichungen durchsuchen',
  'abstracts.search-placeholder': 'Titel, Person, Schlagwort …',
  'abstracts.track': 'Themenbereich',
  'abstracts.all-tracks': 'Alle Themenbereiche',
  'abstracts.count': str`${0} von ${1} Einreichungen`,
  'abstracts.count-filtered': str`${0} von ${1} geladenen Einreichungen passen`,
  'abstracts.empty': 'Noch keine Einreichungen angenommen.',
  'abstracts.partial-search': 'Durchsucht wurden nur die bisher geladenen Einreichungen.',
  'abstracts.load-more': str`${0} weitere laden`,
  'abstracts.more-loaded': str`${0} weitere Einreichungen geladen.`,
  'abstracts.more-error': 'Weitere Einreichungen konnten nicht geladen werden:',
  'abstracts.presenting': 'präsentiert',
  'abstracts.presenting-badge': 'Präsentiert',
  'abstracts.keywords': 'Schlagwörter:',
  'abstracts.authors': 'Autorinnen und Autoren',
  'abstracts.abstract': 'Einreichung',
};
