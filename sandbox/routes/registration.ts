import type { RegistrationField } from '../../src/api/records.js';
import { SandboxError, validationFailed } from '../errors.js';
import { createUploadAddress, requireCompletedUpload } from '../uploads.js';
import type { HandlerGroup } from './types.js';

/** Messages for the custom fields of a registration, against the conference's form. */
function customFieldProblems(form: RegistrationField[], values: Record<string, string>): Record<string, string> {
  const problems: Record<string, string> = {};
  const byName = new Map(form.map((f) => [f.name, f]));
  for (const [name, value] of Object.entries(values)) {
    const field = byName.get(name);
    if (!field) problems[`customFields.${name}`] = 'Unknown field.';
    else if (!field.enabled) problems[`customFields.${name}`] = 'This field is not part of the form.';
    else if (field.options && value !== '' && !field.options.some((o) => o.value === value)) {
      problems[`customFields.${name}`] = `Must be one of: ${field.options.map((o) => o.value).join(', ')}.`;
    } else if (field.kind === 'number' && value.trim() !== '' && !Number.isFinite(Number(value))) {
      problems[`customFields.${name}`] = 'Must be a number.';
    }
  }
  for (const field of form) {
    if (field.enabled && field.required && !(values[field.name] ?? '').trim()) {
      problems[`customFields.${field.name}`] = 'Required.';
    }
  }
  return problems;
}

export const registrationHandlers: HandlerGroup<'registrationConfig' | 'evidenceUploadUrl' | 'registrationCreate'> = {
  registrationConfig: ({ store, conference }) => store.registrations.config(conference),

  evidenceUploadUrl: ({ store, conference, body, base, uploadSecret }) =>
    createUploadAddress(store, uploadSecret, {
      conferenceId: conference.id,
      kind: 'registration-evidence',
      filename: body.filename,
      contentType: body.contentType,
      base,
    }),

  registrationCreate: ({ store, conference, body }) => {
    if (!conference.registrationEnabled) {
      throw new SandboxError('registration_closed', 'Registration for this conference is closed.');
    }
    if (!conference.openPhaseEnabled || !conference.openPhase) {
      throw new SandboxError('pricing_closed', 'No pricing phase is open; registration will reopen later.');
    }
    const config = store.registrations.config(conference);
    const customFields = body.customFields ?? {};
    const problems = customFieldProblems(config.fields, customFields);
    const ticket = config.ticket_types.find((t) => t.id === body.ticketTypeId);
    if (!ticket) problems.ticketTypeId = 'Unknown ticket type.';
    if (body.paymentMethodId && !config.payment_methods.some((m) => m.id === body.paymentMethodId)) {
      problems.paymentMethodId = 'Unknown payment method.';
    }
    const paid = ticket !== undefined && ticket.price.amount > 0;
    // Gap decision: each method says whether a reference and a proof are due when registering
    // (a card paid at the desk has neither yet); an unknown or missing method asks for both.
    const method = config.payment_methods.find((m) => m.id === body.paymentMethodId);
    if (paid) {
      if (!body.paymentMethodId) problems.paymentMethodId = 'Required for a paid ticket.';
      if (!body.paymentReference && method?.requiresReference !== false) {
        problems.paymentReference = 'Required for a paid ticket.';
      }
      if (!body.paymentProofUrl && method?.requiresProof !== false) {
        problems.paymentProofUrl = 'Required for a paid ticket.';
      }
    }
    if (body.paymentProofUrl && /^http:\/\//i.test(body.paymentProofUrl)) {
      problems.paymentProofUrl = 'Must be an https URL or a storage:// URI.';
    }
    if (Object.keys(problems).length > 0) throw validationFailed(problems);
    if (body.paymentProofUrl?.startsWith('storage://')) {
      requireCompletedUpload(store, conference.id, body.paymentProofUrl, 'registration-evidence', 'paymentProofUrl');
    }
    // Gap decision: a repeated e-mail is accepted (one person may register several people).
    return store.registrations.create(conference.id, {
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      ticketTypeId: body.ticketTypeId,
      paymentMethodId: body.paymentMethodId ?? null,
      paymentReference: body.paymentReference || null,
      paymentProofUrl: body.paymentProofUrl ?? null,
      customFields,
      // Paid with a proof: the organizers review it; paid without one: the payment is still due.
      status: !paid ? 'confirmed' : body.paymentProofUrl ? 'pending_review' : 'pending_payment',
    });
  },
};
