import { SandboxError, fieldError } from '../errors.js';
import { createUploadAddress } from '../uploads.js';
import type { HandlerGroup } from './types.js';

export const workshopHandlers: HandlerGroup<'workshops' | 'workshopRegister' | 'workshopProofUploadUrl'> = {
  workshops: ({ store, conference, query }) => store.workshops.listPublished(conference.id, conference.timeZone, query),

  workshopRegister: ({ store, conference, body }) => {
    const fields: Record<string, string> = {};
    if (!store.registrations.get(conference.id, body.registrationId)) {
      fields.registrationId = 'Unknown registration.';
    }
    // An unpublished workshop is as unknown to the API as a missing one.
    const workshop = store.workshops.get(conference.id, body.workshopId, conference.timeZone);
    if (!workshop || !workshop.published) fields.workshopId = 'Unknown workshop.';
    if (Object.keys(fields).length > 0) {
      throw fieldError('unknown_reference', 'The registration or workshop does not exist in this conference.', fields);
    }
    const result = store.workshops.enroll(conference.id, body.workshopId, body.registrationId);
    if (result.outcome === 'duplicate') {
      throw new SandboxError(
        'already_enrolled',
        `This registration is already ${result.record.status} for this workshop.`,
        { workshopRegistration: result.record },
      );
    }
    return result.record;
  },

  workshopProofUploadUrl: ({ store, conference, body, base, uploadSecret }) => {
    if (!store.workshops.getEnrollment(conference.id, body.workshopRegistrationId)) {
      throw fieldError('unknown_reference', 'Unknown workshop registration.', {
        workshopRegistrationId: 'Unknown workshop registration.',
      });
    }
    return createUploadAddress(store, uploadSecret, {
      conferenceId: conference.id,
      kind: 'workshop-payment-proof',
      filename: body.filename,
      contentType: body.contentType,
      base,
      workshopRegistrationId: body.workshopRegistrationId,
    });
  },
};
