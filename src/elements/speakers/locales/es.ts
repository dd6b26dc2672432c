/** Spanish texts of `<conf-speakers>` (same shape as `de.ts`), registered by the element's module. */
import { str } from '@lit/localize';

export const templates = {
  'speakers.search': 'Buscar ponentes',
  'speakers.search-placeholder': 'Nombre, organización…',
  'speakers.count': str`${0} ponentes`,
  'speakers.empty': 'Todavía no se han publicado ponentes.',
  'speakers.sessions': 'Sesiones',
  'speakers.no-sessions': 'Todavía no hay sesiones en el programa.',
  'speakers.links': 'Enlaces',
};
