/**
 * German texts of `<conf-registration-form>`, same shape as core's catalog (`src/core/locales/de.ts`);
 * `registration-form.ts` registers a loader for them with `registerMessages`, so they arrive
 * (in the German chunk) only when an element resolves to German.
 */
export const templates = {
  'registration.free': 'kostenlos',
  'registration.about-you': 'Zu Ihrer Person',
  'registration.first-name': 'Vorname',
  'registration.last-name': 'Nachname',
  'registration.email': 'E-Mail',
  'registration.ticket': 'Ticket',
  'registration.ticket-type': 'Ticketart',
  'registration.payment': 'Zahlung',
  'registration.payment-method': 'Zahlungsart',
  'registration.payment-reference': 'Zahlungsreferenz',
  'registration.payment-reference-help': 'Die Transaktions- oder Überweisungsreferenz Ihrer Zahlung.',
  'registration.summary.name': 'Name',
  'registration.summary.amount': 'Betrag',
  'registration.payment-choose': 'Dieses Ticket ist kostenpflichtig: Bitte wählen Sie, wie Sie bezahlen.',
  'registration.copy': 'Kopieren',
  'registration.copied': 'Kopiert',
  'registration.copy-iban': 'IBAN kopieren',
  'registration.copy-bic': 'BIC kopieren',
  'registration.summary.transferred-to': 'Überwiesen an',
  'registration.copy-number': 'Anmeldenummer kopieren',
  'registration.proof': 'Zahlungsnachweis',
  'registration.proof-file': 'Datei hochladen',
  'registration.proof-url': 'Link zu einer Datei (https)',
  'registration.proof-file-label': 'Nachweisdatei',
  'registration.proof-url-label': 'Link zu Ihrem Nachweis',
  'registration.proof-url-format': 'Bitte eine Adresse verwenden, die mit https:// beginnt.',
  'registration.proof-url-help': 'Eine https-Adresse, unter der das Organisationsteam den Nachweis öffnen kann.',
  'registration.more': 'Weitere Angaben',
  'registration.submit': 'Anmelden',
  'registration.received': 'Anmeldung eingegangen.',
  'registration.success': 'Vielen Dank, Ihre Anmeldung ist eingegangen.',
  'registration.number': 'Anmeldenummer',
  'registration.again': 'Weitere Person anmelden',
  'registration.part-failed':
    'Dieser Teil des Formulars konnte nicht geladen werden. Bitte prüfen Sie die Verbindung und versuchen Sie es erneut.',
  'registration.next.confirmed':
    'Ihre Anmeldung ist bestätigt. Bitte bewahren Sie diese Nummer für Fragen und für den Check-in auf.',
  'registration.next.review':
    'Das Organisationsteam prüft Ihren Zahlungsnachweis und bestätigt Ihre Anmeldung per E-Mail.',
  'registration.next.payment':
    'Ihre Anmeldung wartet auf Ihre Zahlung; sobald sie eingeht, erhalten Sie eine Bestätigung per E-Mail.',
  'registration.next.other': 'Bitte bewahren Sie diese Nummer für Fragen an das Organisationsteam auf.',
  'registration.closed': 'Die Anmeldung ist geschlossen.',
  'registration.try-later':
    'Die Anmeldung ist gerade nicht möglich: Es läuft keine Preisphase. Bitte versuchen Sie es später noch einmal.',
  'registration.resend': 'Als neue Anmeldung senden',
};
