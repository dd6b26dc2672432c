import type { HandlerGroup } from './types.js';

export const scheduleHandlers: HandlerGroup<'events' | 'venues' | 'speakers'> = {
  events: ({ store, conference, query }) => store.schedule.listEvents(conference.id, conference.timeZone, query),
  venues: ({ store, conference, query }) => store.schedule.listVenues(conference.id, query),
  speakers: ({ store, conference, query }) => store.schedule.listSpeakers(conference.id, query),
};
