/** Texts of the schedule, through `msg()` with stable ids (German in `locales/de.ts`). */
import { msg, str } from '@lit/localize';
import type { EventType } from '../../api/records.js';

export function typeLabel(type: EventType | string): string {
  switch (type) {
    case 'keynote':
      return msg('Keynote', { id: 'schedule.type.keynote' });
    case 'talk':
      return msg('Talk', { id: 'schedule.type.talk' });
    case 'panel':
      return msg('Panel', { id: 'schedule.type.panel' });
    case 'workshop':
      return msg('Workshop', { id: 'schedule.type.workshop' });
    case 'break':
      return msg('Break', { id: 'schedule.type.break' });
    case 'social':
      return msg('Social', { id: 'schedule.type.social' });
    default:
      return type;
  }
}

export const labels = {
  days: () => msg('Days', { id: 'schedule.days' }),
  search: () => msg('Search the programme', { id: 'schedule.search' }),
  searchPlaceholder: () => msg('Title, speaker, topic …', { id: 'schedule.search-placeholder' }),
  venues: () => msg('Rooms', { id: 'schedule.venues' }),
  venuesAll: () => msg('All rooms', { id: 'schedule.venues-all' }),
  venuesSome: (n: number, of: number) => msg(str`${n} of ${of} rooms`, { id: 'schedule.venues-some' }),
  types: () => msg('Kinds', { id: 'schedule.types' }),
  starredOnly: () => msg('My agenda only', { id: 'schedule.starred-only' }),
  star: (title: string) => msg(str`Add “${title}” to my agenda`, { id: 'schedule.star' }),
  unstar: (title: string) => msg(str`Remove “${title}” from my agenda`, { id: 'schedule.unstar' }),
  results: (n: number) => msg(str`${n} events shown`, { id: 'schedule.results' }),
  dayMatches: (n: number) => msg(str`, ${n} matching events`, { id: 'schedule.day-matches' }),
  share: () => msg('Share my agenda', { id: 'schedule.share' }),
  shareCopied: () =>
    msg('Link copied. Open it on another device to take your agenda along.', { id: 'schedule.share-copied' }),
  shareLink: () => msg('Link to your agenda', { id: 'schedule.share-link' }),
  shareEmpty: () => msg('Star events first: your agenda is empty.', { id: 'schedule.share-empty' }),
  importTitle: (n: number) => msg(str`A shared agenda with ${n} events was opened.`, { id: 'schedule.import-title' }),
  importAdd: () => msg('Add to my agenda', { id: 'schedule.import-add' }),
  importDismiss: () => msg('Ignore', { id: 'schedule.import-dismiss' }),
  imported: (n: number) => msg(str`${n} events added to your agenda.`, { id: 'schedule.imported' }),
  icsAgenda: () => msg('My agenda (.ics)', { id: 'schedule.ics-agenda' }),
  linkCopied: () => msg('Link copied.', { id: 'schedule.link-copied' }),
  storageFailed: () =>
    msg('Your agenda could not be saved in this browser (storage is blocked).', { id: 'schedule.storage-failed' }),
  now: () => msg('Now', { id: 'schedule.now' }),
  live: () => msg('Live', { id: 'schedule.live' }),
  empty: () => msg('No events published yet.', { id: 'schedule.empty' }),
  filteredEmpty: () => msg('No events match these filters.', { id: 'schedule.filtered-empty' }),
  clearFilters: () => msg('Clear filters', { id: 'schedule.clear-filters' }),
  notFound: (id: string) => msg(str`Event ${id} is not in the programme.`, { id: 'schedule.not-found' }),
  list: () => msg('List', { id: 'schedule.view-list' }),
  gridView: () => msg('Grid', { id: 'schedule.view-grid' }),
  layout: () => msg('Layout', { id: 'schedule.layout' }),
  printFiltered: (filters: string, n: number, of: number) =>
    msg(str`Filtered (${filters}): ${n} of ${of} events.`, { id: 'schedule.print-filtered' }),
  viewerTime: () => msg('your time', { id: 'schedule.viewer-time' }),
  filters: () => msg('Filters', { id: 'schedule.filters' }),
  showAll: (n: number) => msg(str`Show all ${n} events`, { id: 'schedule.show-all' }),
  nowJump: () => msg('Jump to now', { id: 'schedule.now-jump' }),
  gridTooNarrow: () =>
    msg('The rooms do not fit this width, so the day is shown as a list.', { id: 'schedule.grid-too-narrow' }),
  partFailed: () =>
    msg('This part of the programme could not be loaded. Check the connection and try again.', {
      id: 'schedule.part-failed',
    }),
  retry: () => msg('Try again', { id: 'core.retry' }),
};
