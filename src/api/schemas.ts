/**
 * Request body schemas of Public API v1, following section 2.1 of API-v1.md.
 *
 * Which fields are required and their bounds are not shown by the spec; the choices here are
 * our gap decisions, listed in the sandbox README. The sandbox validates with these schemas; the
 * browser client takes its body types from them (type-only, so no zod reaches the bundle unless an
 * element imports this module).
 */
import * as z from 'zod/mini';
import { EXHIBIT_TYPES, type BodySchemaName } from './contract.js';
import { acceptsUrl, URL_MAX_LENGTH, URL_MESSAGES, type UrlKind } from './url-fields.js';

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));
const id = text(64);
const email = z.string().check(z.trim(), z.maxLength(254), z.email());
/** URL fields accept only what `url-fields.ts` says (the proxy checks the same paths). */
const urlField = (kind: UrlKind) =>
  z.string().check(
    z.trim(),
    z.maxLength(URL_MAX_LENGTH),
    z.refine((v) => acceptsUrl(kind, v), URL_MESSAGES[kind]),
  );
/** An http(s) URL or a `storage://` URI from an upload-address call. */
const fileRef = urlField('file');

export const workshopRegistration = z.object({
  registrationId: id,
  workshopId: id,
});

export const fileUpload = z.object({
  filename: text(200),
  contentType: text(100),
});

export const workshopProofUpload = z.object({
  workshopRegistrationId: id,
  filename: text(200),
  contentType: text(100),
});

export const badgeCheckin = z.object({
  qr: text(200),
  location: optionalText(100),
});

export const attendanceCheckin = z.object({
  qr: text(200),
  location: optionalText(100),
});

export const abstractSubmission = z.object({
  registrationId: id,
  title: text(300),
  authors: z
    .array(z.object({ fullName: text(200), affiliation: optionalText(200) }))
    .check(z.minLength(1, 'At least one author is required.'), z.maxLength(30)),
  /** Gap decision: each attachment is `{ url, name? }`, the url https or storage://. */
  attachments: z.optional(z.array(z.object({ url: fileRef, name: optionalText(200) })).check(z.maxLength(5))),
});

export const exhibitionSubmission = z.object({
  title: text(200),
  exhibitType: z.enum(EXHIBIT_TYPES),
  shortDescription: text(1000),
  driveUrl: z.optional(urlField('web')),
  presenter: z.object({ fullName: text(200), email }),
  teamPeople: z.optional(z.array(text(200)).check(z.maxLength(20))),
  /** Gap decision: required only when the conference requires a registration for exhibitors. */
  registrationId: z.optional(id),
  payment: z.optional(
    z.object({
      paymentMethodId: id,
      paymentReference: text(200),
      /** Gap decision: the storage:// URI from the proof upload goes here. */
      proofUrl: z.optional(fileRef),
    }),
  ),
});

export const registrationCreate = z.object({
  firstName: text(100),
  lastName: text(100),
  email,
  ticketTypeId: id,
  /** Required by the sandbox when the chosen ticket type has a price. */
  paymentMethodId: z.optional(id),
  paymentReference: optionalText(200),
  paymentProofUrl: z.optional(fileRef),
  customFields: z.optional(z.record(z.string().check(z.maxLength(64)), z.string().check(z.maxLength(2000)))),
});

export const BODY_SCHEMAS = {
  workshopRegistration,
  fileUpload,
  workshopProofUpload,
  badgeCheckin,
  attendanceCheckin,
  abstractSubmission,
  exhibitionSubmission,
  registrationCreate,
} as const satisfies Record<BodySchemaName, z.ZodMiniType>;

export type { BodySchemaName };
export type BodyOf<N extends BodySchemaName> = z.input<(typeof BODY_SCHEMAS)[N]>;
