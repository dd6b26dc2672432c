/**
 * German messages, keyed by the stable ids given to `msg()` in the source. Same shape as a
 * lit-localize runtime locale module: plain strings, and `str` templates with numbered
 * placeholders (`${0}`) where the English has expressions.
 */
import { str } from '@lit/localize';

export const templates = {
  'core.loading': 'Wird geladen …',
  'core.retry': 'Erneut versuchen',
  'core.error.title': 'Die Daten konnten nicht geladen werden.',
  'core.stale': str`Zeigt den Stand von ${0}; die Aktualisierung ist fehlgeschlagen: ${1}`,
  'core.empty': 'Noch nichts veröffentlicht.',
  'core.filtered-empty': 'Keine Treffer für diese Suche.',
  'core.clear-search': 'Suche zurücksetzen',
  'core.your-time': 'Ihre Zeit',
  'core.close': 'Schließen',
  'core.notice': 'Hinweis für die Einbindung',
  'speakers.search': 'Sprecher suchen',
  'speakers.search-placeholder': 'Name, Organisation …',
  'speakers.count': str`${0} Sprecher`,
  'speakers.empty': 'Noch keine Sprecher veröffentlicht.',
  'speakers.sessions': 'Beiträge',
  'speakers.no-sessions': 'Noch keine Beiträge im Programm.',
  'speakers.sessions-loading': 'Beiträge werden geladen …',
  'speakers.open': str`Details zu ${0}`,
  'speakers.links': 'Links',
};
