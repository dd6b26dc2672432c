/**
 * A form's server errors in the element's language. The codes the platform and the proxy document
 * (sandbox README, "Error codes"; `api/errors.ts`) and the field messages the sandbox writes get
 * the element's own words; a code or a field message not known here is shown as the server sent
 * it, since it may say something these words do not. Call inside the element's locale (`say`).
 */
import { msg, str } from '@lit/localize';
import { INVALID_RESPONSE, NETWORK_ERROR } from '../api/client.js';
import type { ApiError } from '../api/errors.js';

/** The form-level message for a failed submission. */
export function serverErrorText(e: ApiError): string {
  switch (e.code) {
    case 'validation_failed':
      return msg('Some answers were not accepted; see the messages beside them.', { id: 'form.server.validation' });
    case 'service_unavailable':
      return msg('The conference service is temporarily unavailable.', { id: 'form.server.unavailable' });
    case 'rate_limited':
      return msg('The conference service is receiving too many requests right now.', {
        id: 'form.server.rate-limited',
      });
    case 'internal_error':
    case 'bad_gateway':
    case 'gateway_timeout':
      return msg('The conference service could not process the request.', { id: 'form.server.failed' });
    case NETWORK_ERROR:
      return msg('Could not reach the conference server. Check the connection and try again.', {
        id: 'core.error.network',
      });
    case INVALID_RESPONSE:
      return msg('The conference server sent an answer that could not be read.', { id: 'core.error.invalid' });
    case 'outcome_unknown':
      return msg('The conference service did not confirm this submission, and it may have been recorded.', {
        id: 'form.server.unknown-outcome',
      });
    case 'registration_closed':
      return msg('Registration for this conference is closed.', { id: 'form.server.registration-closed' });
    case 'pricing_closed':
      return msg('No pricing phase is open; registration will reopen later.', { id: 'form.server.pricing-closed' });
    case 'exhibition_not_open':
      return msg('Exhibitor applications are not open yet.', { id: 'form.server.exhibition-not-open' });
    case 'exhibition_closed':
      return msg('Exhibitor applications are closed.', { id: 'form.server.exhibition-closed' });
    case 'registration_required':
      return msg('Exhibitors must be registered for the conference: add your registration number.', {
        id: 'form.server.registration-required',
      });
    case 'payment_required':
      return msg('This exhibition has a fee: add the payment method, reference and proof.', {
        id: 'form.server.payment-required',
      });
    case 'unknown_reference':
      return msg('A number in the form does not exist at this conference.', { id: 'form.server.unknown-reference' });
    case 'invalid_upload':
      return msg('The uploaded proof was not accepted: upload the file again.', { id: 'form.server.invalid-upload' });
    case 'payload_too_large':
      return msg('The form is too large to send.', { id: 'form.server.too-large' });
    case 'unauthorized':
    case 'invalid_api_key':
    case 'api_key_revoked':
    case 'api_key_expired':
    case 'insufficient_scope':
    case 'module_disabled':
    case 'conference_inactive':
    case 'plan_ended':
    case 'origin_not_allowed':
      return msg('This form cannot be sent at the moment: the site is not set up for it. Please tell the organizers.', {
        id: 'form.server.setup',
      });
    default:
      return e.message;
  }
}

/** A field message of the server in the element's words, when the sandbox's wording is known. */
export function fieldMessageText(message: string): string {
  switch (message) {
    case 'Required.':
      return msg('Required.', { id: 'form.field.required' });
    case 'Required for a paid ticket.':
      return msg('Required for a paid ticket.', { id: 'form.field.required-paid' });
    case 'Required: exhibitors must be registered.':
      return msg('Required: exhibitors must be registered.', { id: 'form.field.required-registration' });
    case 'Must be a valid e-mail address.':
    case 'Invalid email address': // the schema library's own wording, which the sandbox passes on
      return msg('Must be a valid e-mail address.', { id: 'form.field.email' });
    case 'Must be a valid URL.':
    case 'Must be an http(s) URL.':
      return msg('Must be a valid URL.', { id: 'form.field.url' });
    case 'Must be an https URL or a storage:// URI.':
      return msg('Must be an https address.', { id: 'form.field.https' });
    case 'Unknown payment method.':
      return msg('Unknown payment method.', { id: 'form.field.unknown-method' });
    case 'Unknown ticket type.':
      return msg('Unknown ticket type.', { id: 'form.field.unknown-ticket' });
    case 'Unknown registration.':
      return msg('Unknown registration.', { id: 'form.field.unknown-registration' });
    case 'Invalid value.':
      return msg('Invalid value.', { id: 'form.field.invalid' });
  }
  const most = /^Must be at most (\d+) characters\.$/.exec(message);
  if (most) return msg(str`Must be at most ${most[1]} characters.`, { id: 'form.field.too-long' });
  const least = /^Must be at least (\d+) characters\.$/.exec(message);
  if (least) return msg(str`Must be at least ${least[1]} characters.`, { id: 'form.field.too-short' });
  return message;
}
