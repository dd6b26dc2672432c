/**
 * German texts of `<conf-exhibit-form>`, same shape as core's catalog (`src/core/locales/de.ts`);
 * `exhibit-form.ts` registers a loader for them with `registerMessages`, so they arrive
 * (in the German chunk) only when an element resolves to German.
 */
import { str } from '@lit/localize';

export const templates = {
  'exhibit.type.sponsor': 'Sponsor',
  'exhibit.type.startup': 'Start-up',
  'exhibit.type.research': 'Forschung',
  'exhibit.type.nonprofit': 'Gemeinnützig',
  'exhibit.type.community': 'Community',
  'exhibit.type.commercial': 'Kommerziell',
  'exhibit.methods-failed': 'Die Zahlungsarten konnten nicht geladen werden.',
  'exhibit.methods-none': 'Diese Konferenz nennt keine Zahlungsart.',
  'exhibit.methods-next':
    'Bitte versuchen Sie es erneut oder fragen Sie das Organisationsteam, wie die Gebühr zu zahlen ist.',
  'exhibit.section': 'Ihr Ausstellungsbeitrag',
  'exhibit.title': 'Titel',
  'exhibit.type': 'Art des Beitrags',
  'exhibit.description': 'Kurzbeschreibung',
  'exhibit.drive': 'Link zu Ihren geteilten Dateien',
  'exhibit.drive-help': 'Logos, Standplan, Broschüren: ein Ordner, den das Organisationsteam öffnen kann.',
  'exhibit.presenter': 'Ansprechperson',
  'exhibit.full-name': 'Vollständiger Name',
  'exhibit.email': 'E-Mail',
  'exhibit.team': 'Team',
  'exhibit.team-help': 'Wer außerdem am Stand ist (optional).',
  'exhibit.member': str`Teammitglied ${0}`,
  'exhibit.remove': 'Entfernen',
  'exhibit.add': 'Teammitglied hinzufügen',
  'exhibit.removed': str`${0} wurde aus dem Team entfernt.`,
  'exhibit.removed-empty': 'Teamzeile entfernt.',
  'exhibit.registration': 'Anmeldung',
  'exhibit.registration-id': 'Anmeldenummer',
  'exhibit.registration-help':
    'Ausstellende müssen zur Konferenz angemeldet sein: die Nummer aus Ihrer Anmeldebestätigung.',
  'exhibit.fee': 'Ausstellungsgebühr',
  'exhibit.fee-text': str`Die Ausstellungsgebühr beträgt ${0}. Bitte zuerst bezahlen, dann Zahlungsangaben und Nachweis hinzufügen.`,
  'exhibit.fee-unknown':
    'Für diese Ausstellung fällt eine Gebühr an. Bitte zuerst bezahlen, dann Zahlungsangaben und Nachweis hinzufügen.',
  'exhibit.payment-method': 'Zahlungsart',
  'exhibit.payment-reference': 'Zahlungsreferenz',
  'exhibit.proof': 'Zahlungsnachweis',
  'exhibit.not-open-at': str`Bewerbungen für Ausstellende sind ab ${0} möglich.`,
  'exhibit.not-open': 'Bewerbungen für Ausstellende sind noch nicht möglich.',
  'exhibit.closed-at': str`Die Bewerbungsfrist für Ausstellende endete am ${0}.`,
  'exhibit.closed': 'Die Bewerbungsfrist für Ausstellende ist vorbei.',
  'exhibit.closes': str`Bewerbungsschluss: ${0}.`,
  'exhibit.success': 'Vielen Dank, Ihre Bewerbung ist eingegangen.',
  'exhibit.number': 'Bewerbungsnummer',
  'exhibit.next-fee': str`Das Organisationsteam prüft Ihren Zahlungsnachweis und die Bewerbung und antwortet per E-Mail an ${0}.`,
  'exhibit.next-review': str`Das Organisationsteam prüft die Bewerbung und antwortet per E-Mail an ${0}.`,
  'exhibit.next': 'Bitte bewahren Sie diese Nummer für Fragen an das Organisationsteam auf.',
  'exhibit.again': 'Weitere Bewerbung einreichen',
  'exhibit.submit': 'Bewerbung absenden',
  'exhibit.received': 'Bewerbung eingegangen.',
  'exhibit.resend': 'Als neue Bewerbung senden',
};
