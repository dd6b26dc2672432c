/** Registration configuration and registrations (attendees). */
import type { Database } from 'better-sqlite3';
import type {
  Money,
  PaymentMethod,
  Registration,
  RegistrationConfig,
  RegistrationField,
  RegistrationFieldKind,
  TicketType,
} from '../../src/api/records.js';
import type { Conference } from './conferences.js';
import { newId } from './ids.js';

interface FieldRow {
  name: string;
  label: string;
  kind: RegistrationFieldKind;
  enabled: number;
  required: number;
  options: string | null;
  help_text: string | null;
}
interface TicketRow {
  id: string;
  name: string;
  description: string;
  price: string;
}
interface MethodRow {
  id: string;
  name: string;
  instructions: string;
  active: number;
  requires_reference: number;
  requires_proof: number;
}
interface RegistrationRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  ticket_type_id: string;
  payment_method_id: string | null;
  status: Registration['status'];
  created_at: number;
}

export interface NewRegistration {
  firstName: string;
  lastName: string;
  email: string;
  ticketTypeId: string;
  paymentMethodId: string | null;
  paymentReference: string | null;
  paymentProofUrl: string | null;
  customFields: Record<string, string>;
  status: Registration['status'];
}

const toRegistration = (r: RegistrationRow): Registration => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  ticketTypeId: r.ticket_type_id,
  paymentMethodId: r.payment_method_id,
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
});

export class RegistrationStore {
  private readonly fieldRows;
  private readonly ticketRows;
  private readonly methodRows;
  private readonly byId;
  private readonly insert;
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {
    this.fieldRows = db.prepare<[string], FieldRow>(
      'SELECT * FROM registration_fields WHERE conference_id = ? ORDER BY sort_order',
    );
    this.ticketRows = db.prepare<[string], TicketRow>(
      'SELECT * FROM ticket_types WHERE conference_id = ? ORDER BY sort_order',
    );
    this.methodRows = db.prepare<[string], MethodRow>(
      'SELECT * FROM payment_methods WHERE conference_id = ? ORDER BY sort_order',
    );
    this.byId = db.prepare<[string, string], RegistrationRow>(
      'SELECT * FROM registrations WHERE conference_id = ? AND id = ?',
    );
    this.insert = db.prepare(
      `INSERT INTO registrations (conference_id, id, first_name, last_name, email, ticket_type_id,
         payment_method_id, payment_reference, payment_proof_url, custom_fields, status, created_at)
       VALUES (@conferenceId, @id, @firstName, @lastName, @email, @ticketTypeId, @paymentMethodId,
         @paymentReference, @paymentProofUrl, @customFields, @status, @createdAt)`,
    );
  }

  fields(conferenceId: string): RegistrationField[] {
    return this.fieldRows.all(conferenceId).map((r) => {
      const f: RegistrationField = {
        name: r.name,
        label: r.label,
        kind: r.kind,
        enabled: r.enabled === 1,
        required: r.required === 1,
      };
      if (r.options !== null) f.options = JSON.parse(r.options) as NonNullable<RegistrationField['options']>;
      if (r.help_text !== null) f.helpText = r.help_text;
      return f;
    });
  }

  ticketTypes(conferenceId: string): TicketType[] {
    return this.ticketRows.all(conferenceId).map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      price: JSON.parse(r.price) as Money,
    }));
  }

  /** Active payment methods only: inactive ones are neither offered nor accepted. */
  paymentMethods(conferenceId: string): PaymentMethod[] {
    return this.methodRows
      .all(conferenceId)
      .filter((r) => r.active === 1)
      .map((r) => ({
        id: r.id,
        name: r.name,
        instructions: r.instructions,
        requiresReference: r.requires_reference === 1,
        requiresProof: r.requires_proof === 1,
      }));
  }

  config(conf: Conference): RegistrationConfig {
    return {
      fields: this.fields(conf.id),
      ticket_types: this.ticketTypes(conf.id),
      payment_methods: this.paymentMethods(conf.id),
      public_registration_enabled: conf.registrationEnabled,
      open_phase: conf.openPhaseEnabled ? conf.openPhase : null,
    };
  }

  get(conferenceId: string, id: string): Registration | null {
    const r = this.byId.get(conferenceId, id);
    return r ? toRegistration(r) : null;
  }

  create(conferenceId: string, input: NewRegistration): Registration {
    const id = newId('reg');
    this.insert.run({
      conferenceId,
      id,
      ...input,
      customFields: JSON.stringify(input.customFields),
      createdAt: this.now(),
    });
    return this.get(conferenceId, id)!;
  }

  /** Registrations of a conference, optionally for one e-mail address (case-insensitive). */
  list(conferenceId: string, email?: string): Registration[] {
    const rows =
      email === undefined
        ? this.db
            .prepare<[string], RegistrationRow>(
              'SELECT * FROM registrations WHERE conference_id = ? ORDER BY created_at, id',
            )
            .all(conferenceId)
        : this.db
            .prepare<[string, string], RegistrationRow>(
              'SELECT * FROM registrations WHERE conference_id = ? AND email = ? COLLATE NOCASE ORDER BY created_at, id',
            )
            .all(conferenceId, email);
    return rows.map(toRegistration);
  }
}
