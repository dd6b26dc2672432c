import { API_PREFIX, ENDPOINTS } from '../../src/api/contract.js';
import type { Health, SiteDocument } from '../../src/api/records.js';
import type { HandlerGroup } from './types.js';

export const generalHandlers: HandlerGroup<'health' | 'websiteSite' | 'websitePages'> = {
  health: ({ conference, key, store }): Health => ({
    status: 'ok',
    conferenceId: conference.id,
    conferenceName: conference.name,
    scopes: key.scopes,
    time: new Date(store.now()).toISOString(),
  }),

  websiteSite: ({ conference }): SiteDocument => {
    const last = new Date(`${conference.startsOn}T00:00:00Z`);
    last.setUTCDate(last.getUTCDate() + conference.days - 1);
    return {
      conference: {
        id: conference.id,
        name: conference.name,
        tagline: conference.tagline,
        timeZone: conference.timeZone,
        startsOn: conference.startsOn,
        endsOn: last.toISOString().slice(0, 10),
        city: conference.city,
      },
      navigation: conference.site.navigation,
      pages: conference.site.pages,
    };
  },

  websitePages: ({ conference, header }) => {
    header('Link', `<${API_PREFIX}${ENDPOINTS.websiteSite.path}>; rel="successor-version"`);
    const pages = conference.site.pages;
    return { data: pages, meta: { total: pages.length, limit: pages.length, offset: 0 } };
  },
};
