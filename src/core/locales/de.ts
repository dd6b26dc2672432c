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
  'core.error.network': 'Der Konferenzserver ist nicht erreichbar. Bitte die Verbindung prüfen und erneut versuchen.',
  'core.error.invalid': 'Die Antwort des Konferenzservers ließ sich nicht lesen.',
  'core.error.status': str`Der Server antwortete mit ${0}.`,
  'core.stale': str`Zeigt den Stand von ${0}; die Aktualisierung ist fehlgeschlagen: ${1}`,
  'core.saved': str`Gespeichert um ${0}; keine Verbindung zu den Konferenzdaten.`,
  'core.empty': 'Noch nichts veröffentlicht.',
  'core.filtered-empty': 'Keine Treffer für diese Suche.',
  'core.clear-search': 'Suche zurücksetzen',
  'core.your-time': 'Ihre Zeit',
  'core.close': 'Schließen',
};
