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
  'form.outage': 'Ihre Angaben bleiben erhalten, und nichts wird doppelt gesendet. Bitte versuchen Sie es gleich noch einmal.',
  'form.bot': 'Dieses Formular konnte nicht gesendet werden.',
  'form.upload.type': 'Dieser Dateityp wird nicht angenommen. Bitte eine PDF-, PNG-, JPEG- oder WebP-Datei wählen.',
  'form.upload.size': str`Die Datei ist größer als ${0} MB.`,
  'form.upload.empty': 'Die Datei ist leer.',
  'form.upload.help': str`PDF, PNG, JPEG oder WebP, bis ${0} MB.`,
  'form.upload.progress-label': str`${0} wird hochgeladen`,
  'form.upload.progress': str`Wird hochgeladen: ${0} %`,
  'form.upload.done': str`${0} wurde hochgeladen.`,
  'form.upload.retry': 'Erneut hochladen',
  'form.upload.started': 'Der Nachweis wird hochgeladen …',
  'form.upload.failed': 'Die Nachweisdatei konnte nicht hochgeladen werden.',
};
