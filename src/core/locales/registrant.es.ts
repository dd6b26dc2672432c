/** Spanish texts of `registrant.ts` (same shape as `registrant.de.ts`). */
import { str } from '@lit/localize';

export const templates = {
  'registrant.label': 'Número de inscripción',
  'registrant.help': 'Lo encontrará en la confirmación de su inscripción al congreso.',
  'registrant.as': str`Inscrito como ${0}`,
  'registrant.forget': '¿No es usted? Usar otra inscripción',
};
