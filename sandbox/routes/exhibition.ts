import { SandboxError, fieldError, validationFailed } from '../errors.js';
import { createUploadAddress, requireCompletedUpload } from '../uploads.js';
import type { HandlerGroup } from './types.js';

export const exhibitionHandlers: HandlerGroup<'exhibits' | 'exhibitionProofUploadUrl' | 'exhibitionSubmit'> = {
  exhibits: ({ store, conference, query }) => store.exhibition.listPublished(conference.id, query),

  exhibitionProofUploadUrl: ({ store, conference, body, base, uploadSecret }) =>
    createUploadAddress(store, uploadSecret, {
      conferenceId: conference.id,
      kind: 'exhibition-payment-proof',
      filename: body.filename,
      contentType: body.contentType,
      base,
    }),

  /** Checks in order: window, registration, fee and proof; the first refusal answers. */
  exhibitionSubmit: ({ store, conference, body }) => {
    const { opensAt, closesAt, requiresRegistration, fee } = conference.exhibition;
    const now = store.now();
    if (opensAt !== null && now < opensAt) {
      const at = new Date(opensAt).toISOString();
      throw new SandboxError('exhibition_not_open', `Exhibition submissions open at ${at}.`, { opensAt: at });
    }
    if (closesAt !== null && now >= closesAt) {
      const at = new Date(closesAt).toISOString();
      throw new SandboxError('exhibition_closed', `Exhibition submissions closed at ${at}.`, { closesAt: at });
    }
    if (requiresRegistration && !body.registrationId) {
      throw fieldError('registration_required', 'Exhibitors must be registered: send registrationId.', {
        registrationId: 'Required: exhibitors must be registered.',
      });
    }
    if (body.registrationId && !store.registrations.get(conference.id, body.registrationId)) {
      throw fieldError('unknown_reference', 'Unknown registration.', { registrationId: 'Unknown registration.' });
    }
    if (fee) {
      const paymentMethods = store.registrations.paymentMethods(conference.id);
      if (!body.payment?.proofUrl) {
        throw new SandboxError(
          'payment_required',
          'This exhibition has a fee: send payment with method, reference and proof.',
          {
            fee,
            paymentMethods,
          },
        );
      }
      if (!paymentMethods.some((m) => m.id === body.payment!.paymentMethodId)) {
        throw validationFailed({ 'payment.paymentMethodId': 'Unknown payment method.' });
      }
      requireCompletedUpload(
        store,
        conference.id,
        body.payment.proofUrl,
        'exhibition-payment-proof',
        'payment.proofUrl',
      );
    }
    return store.exhibition.submit(conference.id, body.title, body);
  },
};
