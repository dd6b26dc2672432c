/** French messages of core, same ids and shape as `de.ts`. */
import { str } from '@lit/localize';

export const templates = {
  'core.loading': 'Chargement …',
  'core.retry': 'Réessayer',
  'core.error.title': 'Les données n’ont pas pu être chargées.',
  'core.error.network': 'Le serveur de la conférence est injoignable. Vérifiez la connexion et réessayez.',
  'core.error.invalid': 'La réponse du serveur de la conférence était illisible.',
  'core.error.status': str`Le serveur a répondu ${0}.`,
  'core.stale': str`Données de ${0} affichées ; la mise à jour a échoué : ${1}`,
  'core.saved': str`Enregistré à ${0} ; pas de connexion aux données de la conférence.`,
  'core.empty': 'Rien n’est encore publié.',
  'core.filtered-empty': 'Aucun résultat pour cette recherche.',
  'core.clear-search': 'Effacer la recherche',
  'core.your-time': 'votre heure',
  'core.close': 'Fermer',
};
