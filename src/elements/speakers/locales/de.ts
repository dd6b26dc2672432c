/**
 * German texts of `<conf-speakers>` (same shape as `core/locales/de.ts`), registered by the element's module.
 */
import { str } from '@lit/localize';

export const templates = {
  'speakers.search': 'Sprecher suchen',
  'speakers.search-placeholder': 'Name, Organisation …',
  'speakers.count': str`${0} Sprecher`,
  'speakers.empty': 'Noch keine Sprecher veröffentlicht.',
  'speakers.sessions': 'Beiträge',
  'speakers.no-sessions': 'Noch keine Beiträge im Programm.',
  'speakers.links': 'Links',
};
