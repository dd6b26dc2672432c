/** French texts of `registrant.ts` (same shape as `registrant.de.ts`). */
import { str } from '@lit/localize';

export const templates = {
  'registrant.label': 'Numéro d’inscription',
  'registrant.help': 'Il figure dans la confirmation de votre inscription à la conférence.',
  'registrant.as': str`Inscription au nom de ${0}`,
  'registrant.forget': 'Ce n’est pas vous ? Utiliser une autre inscription',
};
