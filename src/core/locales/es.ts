/** Spanish messages of core, same ids and shape as `de.ts`. */
import { str } from '@lit/localize';

export const templates = {
  'core.loading': 'Cargando…',
  'core.retry': 'Reintentar',
  'core.error.title': 'No se pudieron cargar los datos.',
  'core.error.network':
    'No se puede conectar con el servidor del congreso. Compruebe la conexión e inténtelo de nuevo.',
  'core.error.invalid': 'No se pudo leer la respuesta del servidor del congreso.',
  'core.error.status': str`El servidor respondió ${0}.`,
  'core.stale': str`Se muestran los datos de las ${0}; la actualización falló: ${1}`,
  'core.saved': str`Guardado a las ${0}; sin conexión con los datos del congreso.`,
  'core.empty': 'Todavía no se ha publicado nada.',
  'core.filtered-empty': 'No hay resultados para esta búsqueda.',
  'core.clear-search': 'Borrar la búsqueda',
  'core.your-time': 'su hora',
  'core.close': 'Cerrar',
};
