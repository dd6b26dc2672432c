import { SandboxError, fieldError } from '../errors.js';
import { requireCompletedUpload } from '../uploads.js';
import type { HandlerGroup } from './types.js';

export const abstractHandlers: HandlerGroup<'abstracts' | 'abstract' | 'abstractSubmit'> = {
  abstracts: ({ store, conference, query }) =>
    store.abstracts.listAccepted(conference.id, query, query.include.has('authors')),

  abstract: ({ store, conference, query, params }) => {
    const found = store.abstracts.getAccepted(conference.id, params.abstractId!, query.include.has('authors'));
    if (!found) throw new SandboxError('not_found', 'No accepted abstract with this id.');
    return found;
  },

  abstractSubmit: ({ store, conference, body }) => {
    if (!store.registrations.get(conference.id, body.registrationId)) {
      throw fieldError('unknown_reference', 'Unknown registration.', { registrationId: 'Unknown registration.' });
    }
    const attachments = body.attachments ?? [];
    attachments.forEach((a, i) => {
      // v1 has no attachment upload endpoint, so any completed upload of the conference is accepted.
      if (a.url.startsWith('storage://')) requireCompletedUpload(store, conference.id, a.url, null, `attachments.${i}.url`);
    });
    return store.abstracts.submit(conference.id, { ...body, attachments });
  },
};
