import { ENDPOINTS } from '../../src/api/contract.js';
import { SandboxError, fieldError } from '../errors.js';
import { storageUri } from '../store/uploads.js';
import { requireCompletedUpload } from '../uploads.js';
import type { HandlerGroup } from './types.js';

const MAX_ATTACHMENTS = ENDPOINTS.abstractSubmit.files.maxFiles;

export const abstractHandlers: HandlerGroup<'abstracts' | 'abstract' | 'abstractSubmit'> = {
  abstracts: ({ store, conference, query }) =>
    store.abstracts.listAccepted(conference.id, query, query.include.has('authors')),

  abstract: ({ store, conference, query, params }) => {
    const found = store.abstracts.getAccepted(conference.id, params.abstractId!, query.include.has('authors'));
    if (!found) throw new SandboxError('not_found', 'No accepted abstract with this id.');
    return found;
  },

  abstractSubmit: ({ store, conference, body, files }) => {
    if (!store.registrations.get(conference.id, body.registrationId)) {
      throw fieldError('unknown_reference', 'Unknown registration.', { registrationId: 'Unknown registration.' });
    }
    const linked = body.attachments ?? [];
    linked.forEach((a, i) => {
      // v1 has no attachment upload endpoint, so any completed upload of the conference is accepted.
      if (a.url.startsWith('storage://'))
        requireCompletedUpload(store, conference.id, a.url, null, `attachments.${i}.url`);
    });
    if (linked.length + files.length > MAX_ATTACHMENTS) {
      throw fieldError('validation_failed', `At most ${MAX_ATTACHMENTS} attachments.`, {
        attachments: `At most ${MAX_ATTACHMENTS} files.`,
      });
    }
    // Files sent with the submission are kept like uploads, so both forms end as storage:// URIs;
    // one transaction, so a failed submission keeps none of its files.
    return store.db.transaction(() => {
      const sent = files.map((f) => {
        const upload = store.uploads.keep({ conferenceId: conference.id, kind: 'abstract-attachment', ...f });
        return { url: storageUri(upload), name: upload.filename };
      });
      return store.abstracts.submit(conference.id, { ...body, attachments: [...linked, ...sent] });
    })();
  },
};
