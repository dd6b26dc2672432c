/** Spanish texts of `<conf-exhibits>` (same shape as `de.ts`), registered by the element's module. */
import { str } from '@lit/localize';

export const templates = {
  'exhibits.search': 'Buscar expositores',
  'exhibits.search-placeholder': 'Nombre, stand, tema…',
  'exhibits.count': str`${0} expositores`,
  'exhibits.empty': 'Todavía no se han publicado expositores.',
  'exhibits.clear': 'Mostrar todos los expositores',
  'exhibits.types': 'Tipo de expositor',
  'exhibits.type.all': 'Todos',
  'exhibits.type.sponsor': 'Patrocinador',
  'exhibits.type.startup': 'Startup',
  'exhibits.type.research': 'Investigación',
  'exhibits.type.nonprofit': 'Sin ánimo de lucro',
  'exhibits.type.community': 'Comunidad',
  'exhibits.type.commercial': 'Empresa',
  'exhibits.booth': str`Stand ${0}`,
  'exhibits.presenter': str`Presentado por ${0}`,
  'exhibits.website': 'Visitar el sitio web',
  'exhibits.new-tab': '(se abre en una pestaña nueva)',
};
