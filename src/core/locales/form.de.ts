/**
 * German texts shared by the form elements, registered by their base class (`conf-form-element.ts`)
 * (same shape as `de.ts`).
 */
import { str } from '@lit/localize';

export const templates = {
  'form.choose': 'Bitte wählen …',
  'form.required-note': 'Mit * markierte Felder sind Pflichtfelder.',
  'form.invalid-one': 'Eine Angabe muss noch korrigiert werden.',
  'form.invalid-many': str`${0} Angaben müssen noch korrigiert werden.`,
  'form.sending': 'Wird gesendet …',
  'form.retrying': str`Der Server ist ausgelastet; neuer Versuch (${0} von ${1}) …`,
  'form.outage':
    'Ihre Angaben bleiben erhalten, und nichts wird doppelt gesendet. Bitte versuchen Sie es gleich noch einmal.',
  'form.unconfirmed':
    'Suchen Sie zuerst nach einer Bestätigung (zum Beispiel einer E-Mail). Kommt keine, können Sie erneut senden — wurde die erste Sendung doch erfasst, ist sie dann zweimal vorhanden.',
  'form.honeypot':
    'Es wurde nichts gesendet: Ihr Browser hat ein verborgenes Feld ausgefüllt, das Spam abfangen soll. Es ist wieder leer; bitte prüfen Sie Ihre Angaben und senden Sie das Formular erneut.',
  'form.upload.type': 'Dieser Dateityp wird nicht angenommen. Bitte eine PDF-, PNG-, JPEG- oder WebP-Datei wählen.',
  'form.upload.size': str`Die Datei ist größer als ${0} MB.`,
  'form.upload.empty': 'Die Datei ist leer.',
  'form.upload.content':
    'Die Datei ist nicht, was ihr Typ angibt: Ihr Inhalt ist keine PDF-, PNG-, JPEG- oder WebP-Datei. Bitte die Originaldatei wählen.',
  'form.upload.help': str`PDF, PNG, JPEG oder WebP, bis ${0} MB.`,
  'form.upload.progress-label': str`${0} wird hochgeladen`,
  'form.upload.progress': str`Wird hochgeladen: ${0} %`,
  'form.upload.done': str`${0} wurde hochgeladen.`,
  'form.upload.retry': 'Erneut hochladen',
  'form.upload.started': 'Der Nachweis wird hochgeladen …',
  'form.upload.failed': 'Die Nachweisdatei konnte nicht hochgeladen werden.',
  'form.invalid.checkbox': 'Bitte setzen Sie hier ein Häkchen, um fortzufahren.',
  'form.invalid.file': 'Bitte wählen Sie eine Datei.',
  'form.invalid.select': 'Bitte wählen Sie eine der Möglichkeiten.',
  'form.invalid.missing': 'Bitte füllen Sie dieses Feld aus.',
  'form.invalid.email': 'Bitte geben Sie eine E-Mail-Adresse ein, etwa name@example.org.',
  'form.invalid.url': 'Bitte geben Sie eine vollständige Webadresse ein, etwa https://example.org.',
  'form.invalid.number': 'Bitte geben Sie eine Zahl ein.',
  'form.invalid.date': 'Bitte geben Sie ein vollständiges Datum ein.',
  'form.invalid.other': 'Bitte geben Sie einen gültigen Wert ein.',
  'form.invalid.pattern': 'Bitte verwenden Sie das verlangte Format.',
  'form.invalid.too-short': str`Bitte mindestens ${0} Zeichen eingeben (bisher ${1}).`,
  'form.invalid.too-long': str`Bitte höchstens ${0} Zeichen eingeben (bisher ${1}).`,
  'form.invalid.min': str`Der kleinste zulässige Wert ist ${0}.`,
  'form.invalid.max': str`Der größte zulässige Wert ist ${0}.`,
  'form.invalid.step': 'Dieser Wert liegt nicht in den zulässigen Schritten.',
  'form.server.validation': 'Einige Angaben wurden nicht angenommen; siehe die Hinweise daneben.',
  'form.server.unavailable': 'Der Konferenzdienst ist vorübergehend nicht erreichbar.',
  'form.server.rate-limited': 'Der Konferenzdienst erhält gerade zu viele Anfragen.',
  'form.server.failed': 'Der Konferenzdienst konnte die Anfrage nicht verarbeiten.',
  'form.server.unknown-outcome':
    'Der Konferenzdienst hat diese Sendung nicht bestätigt; sie wurde möglicherweise trotzdem erfasst.',
  'form.server.registration-closed': 'Die Anmeldung für diese Konferenz ist geschlossen.',
  'form.server.pricing-closed': 'Derzeit läuft keine Preisphase; die Anmeldung öffnet später wieder.',
  'form.server.exhibition-not-open': 'Bewerbungen für Ausstellende sind noch nicht geöffnet.',
  'form.server.exhibition-closed': 'Bewerbungen für Ausstellende sind geschlossen.',
  'form.server.registration-required':
    'Ausstellende müssen zur Konferenz angemeldet sein: Bitte geben Sie Ihre Anmeldenummer an.',
  'form.server.payment-required':
    'Für diese Ausstellung wird eine Gebühr erhoben: Bitte Zahlungsart, Verwendungszweck und Nachweis angeben.',
  'form.server.unknown-reference': 'Eine Nummer im Formular gibt es bei dieser Konferenz nicht.',
  'form.server.invalid-upload':
    'Der hochgeladene Nachweis wurde nicht angenommen: Bitte laden Sie die Datei erneut hoch.',
  'form.server.too-large': 'Das Formular ist zu groß zum Senden.',
  'form.server.setup':
    'Dieses Formular kann gerade nicht gesendet werden: Die Website ist dafür nicht eingerichtet. Bitte wenden Sie sich an die Veranstalter.',
  'form.field.required': 'Pflichtangabe.',
  'form.field.required-paid': 'Für ein kostenpflichtiges Ticket erforderlich.',
  'form.field.required-registration': 'Erforderlich: Ausstellende müssen angemeldet sein.',
  'form.field.email': 'Bitte eine gültige E-Mail-Adresse angeben.',
  'form.field.url': 'Bitte eine gültige Webadresse angeben.',
  'form.field.https': 'Bitte eine Adresse angeben, die mit https:// beginnt.',
  'form.field.unknown-method': 'Unbekannte Zahlungsart.',
  'form.field.unknown-ticket': 'Unbekannte Ticketart.',
  'form.field.unknown-registration': 'Unbekannte Anmeldenummer.',
  'form.field.invalid': 'Ungültiger Wert.',
  'form.field.too-long': str`Höchstens ${0} Zeichen.`,
  'form.field.too-short': str`Mindestens ${0} Zeichen.`,
  'form.unreachable': 'Dieses Formular kann gerade nicht gesendet werden.',
};
