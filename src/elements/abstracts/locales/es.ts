/** Spanish texts of `<conf-abstracts>` (same shape as `de.ts`), registered by the element's module. */
import { str } from '@lit/localize';

export const templates = {
  'abstracts.search': 'Buscar resúmenes',
  'abstracts.search-placeholder': 'Título, autor, palabra clave…',
  'abstracts.track': 'Área temática',
  'abstracts.all-tracks': 'Todas las áreas temáticas',
  'abstracts.count': str`${0} de ${1} resúmenes`,
  'abstracts.count-filtered': str`${0} de ${1} resúmenes cargados coinciden`,
  'abstracts.empty': 'Todavía no se ha aceptado ningún resumen.',
  'abstracts.partial-search': 'Solo se han buscado los resúmenes cargados hasta ahora.',
  'abstracts.load-more': str`Cargar ${0} más`,
  'abstracts.more-loaded': str`${0} resúmenes más cargados.`,
  'abstracts.more-error': 'No se pudieron cargar más resúmenes:',
  'abstracts.presenting': 'presenta',
  'abstracts.presenting-badge': 'Presenta',
  'abstracts.keywords': 'Palabras clave:',
  'abstracts.authors': 'Autores',
  'abstracts.abstract': 'Resumen',
};
