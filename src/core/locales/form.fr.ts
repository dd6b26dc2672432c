/**
 * French texts shared by the form elements, registered by their base class (`conf-form-element.ts`)
 * (same shape as `form.de.ts`).
 */
import { str } from '@lit/localize';

export const templates = {
  'form.choose': 'Choisir …',
  'form.required-note': 'Les champs marqués * sont obligatoires.',
  'form.invalid-one': 'Une réponse est à corriger.',
  'form.invalid-many': str`${0} réponses sont à corriger.`,
  'form.sending': 'Envoi en cours …',
  'form.retrying': str`Le serveur est occupé ; nouvel essai (${0} sur ${1}) …`,
  'form.outage': 'Vos réponses sont conservées et rien n’est envoyé deux fois. Réessayez dans un instant.',
  'form.unconfirmed':
    'Vérifiez d’abord si vous avez reçu une confirmation (par exemple un e-mail). Si rien n’arrive, vous pouvez renvoyer le formulaire ; si le premier envoi a tout de même été enregistré, il figurera alors deux fois.',
  'form.honeypot':
    'Rien n’a été envoyé : votre navigateur a rempli un champ caché destiné à piéger les spams. Il est de nouveau vide ; vérifiez vos réponses et renvoyez le formulaire.',
  'form.invalid.missing': 'Remplissez ce champ.',
  'form.invalid.checkbox': 'Cochez cette case pour continuer.',
  'form.invalid.select': 'Choisissez l’une des options.',
  'form.invalid.file': 'Choisissez un fichier.',
  'form.invalid.email': 'Saisissez une adresse e-mail, par exemple nom@example.org.',
  'form.invalid.url': 'Saisissez une adresse web complète, par exemple https://example.org.',
  'form.invalid.number': 'Saisissez un nombre.',
  'form.invalid.date': 'Saisissez une date complète.',
  'form.invalid.other': 'Saisissez une valeur valide.',
  'form.invalid.too-short': str`Utilisez au moins ${0} caractères (actuellement ${1}).`,
  'form.invalid.too-long': str`Utilisez au plus ${0} caractères (actuellement ${1}).`,
  'form.invalid.min': str`La plus petite valeur autorisée est ${0}.`,
  'form.invalid.max': str`La plus grande valeur autorisée est ${0}.`,
  'form.invalid.step': 'Cette valeur ne fait pas partie des pas autorisés.',
  'form.invalid.pattern': 'Respectez le format demandé.',
  'form.field.required': 'Obligatoire.',
  'form.field.required-paid': 'Obligatoire pour un billet payant.',
  'form.field.required-registration': 'Obligatoire : les exposants doivent être inscrits.',
  'form.field.email': 'Doit être une adresse e-mail valide.',
  'form.field.url': 'Doit être une URL valide.',
  'form.field.https': 'Doit être une adresse https.',
  'form.field.too-short': str`Doit comporter au moins ${0} caractères.`,
  'form.field.too-long': str`Doit comporter au plus ${0} caractères.`,
  'form.field.unknown-ticket': 'Type de billet inconnu.',
  'form.field.unknown-method': 'Moyen de paiement inconnu.',
  'form.field.unknown-registration': 'Inscription inconnue.',
  'form.field.invalid': 'Valeur invalide.',
  'form.server.validation': 'Certaines réponses n’ont pas été acceptées ; voyez les messages à côté.',
  'form.server.registration-closed': 'Les inscriptions à cette conférence sont closes.',
  'form.server.pricing-closed': 'Aucune période tarifaire n’est ouverte ; les inscriptions rouvriront plus tard.',
  'form.server.exhibition-closed': 'Les candidatures d’exposants sont closes.',
  'form.server.exhibition-not-open': 'Les candidatures d’exposants ne sont pas encore ouvertes.',
  'form.server.payment-required':
    'Cette exposition est payante : indiquez le moyen de paiement, la référence et le justificatif.',
  'form.server.registration-required':
    'Les exposants doivent être inscrits à la conférence : indiquez votre numéro d’inscription.',
  'form.server.unknown-reference': 'Un numéro du formulaire n’existe pas pour cette conférence.',
  'form.server.invalid-upload': 'Le justificatif envoyé n’a pas été accepté : envoyez le fichier à nouveau.',
  'form.server.too-large': 'Le formulaire est trop volumineux pour être envoyé.',
  'form.server.rate-limited': 'Le service de la conférence reçoit trop de demandes en ce moment.',
  'form.server.unavailable': 'Le service de la conférence est momentanément indisponible.',
  'form.server.unknown-outcome':
    'Le service de la conférence n’a pas confirmé cet envoi, qui a peut-être été enregistré.',
  'form.server.setup':
    'Ce formulaire ne peut pas être envoyé pour le moment : le site n’est pas configuré pour cela. Merci de prévenir les organisateurs.',
  'form.server.failed': 'Le service de la conférence n’a pas pu traiter la demande.',
  'form.upload.help': str`PDF, PNG, JPEG ou WebP, ${0} Mo au maximum.`,
  'form.upload.started': 'Envoi du justificatif …',
  'form.upload.progress': str`Envoi : ${0} %`,
  'form.upload.progress-label': str`Envoi de ${0}`,
  'form.upload.done': str`${0} envoyé.`,
  'form.upload.failed': 'Le justificatif n’a pas pu être envoyé.',
  'form.upload.retry': 'Envoyer à nouveau',
  'form.upload.size': str`Le fichier dépasse ${0} Mo.`,
  'form.upload.empty': 'Le fichier est vide.',
  'form.upload.type': 'Ce type de fichier n’est pas accepté. Choisissez un fichier PDF, PNG, JPEG ou WebP.',
  'form.upload.content':
    'Le fichier ne correspond pas à son type : son contenu n’est pas un fichier PDF, PNG, JPEG ou WebP. Choisissez le fichier d’origine.',
  'form.unreachable': 'Ce formulaire ne peut pas être envoyé pour le moment.',
};
