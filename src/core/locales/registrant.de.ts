/** German texts of `registrant.ts` (same shape as `de.ts`). */
import { str } from '@lit/localize';

export const templates = {
  'registrant.label': 'Anmeldenummer',
  'registrant.help': 'Sie finden sie in der Bestätigung Ihrer Konferenzanmeldung.',
  'registrant.as': str`Angemeldet als ${0}`,
  'registrant.forget': 'Nicht Sie? Andere Anmeldung verwenden',
};
