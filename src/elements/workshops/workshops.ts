import { msg, str } from '@lit/localize';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { html as staticHtml } from 'lit/static-html.js';
import type { ApiError } from '../../api/errors.js';
import type { WorkshopRegistration } from '../../api/records.js';
import { post } from '../../api/writes.js';
import { ConfFormElement } from '../../core/conf-form-element.js';
import { replaceHash } from '../../core/deep-link.js';
import { cardGridStyles, toolbarStyles } from '../../core/detail-dialog.styles.js';
import { renderUpload } from '../../core/form-fields.js';
import { headingTag } from '../../core/heading.js';
import { registerMessages } from '../../core/localize.js';
import { RegistrantController, rememberRegistrations, renderRegistrant } from '../../core/registrant.js';
import { ResourceController, UNCHANGED } from '../../core/resource-controller.js';
import { columnsFor } from '../../core/text.js';
import { TimeFormatter } from '../../core/time.js';
import { UploadController } from '../../core/upload-controller.js';
import { ConfWorkshopEnrolledEvent } from '../../events/conf-workshop-enrolled.js';
import {
  afterPlace,
  availability,
  conferenceZone,
  existingEnrollment,
  formatPrice,
  parseWorkshopHash,
  search,
  toCards,
  venueNames,
  workshopHash,
  type WorkshopCard,
} from './workshops.model.js';
import { workshopsStyles } from './workshops.styles.js';

registerMessages('de', () => import('./locales/de.js'));
registerMessages('fr', () => import('./locales/fr.js'));
registerMessages('es', () => import('./locales/es.js'));

type EnrollBody = { registrationId: string; workshopId: string };

interface WorkshopData {
  cards: WorkshopCard[];
  zone: string | null;
}

/** Seats change while people enroll: read them again this often unless `refresh` says otherwise. */
const DEFAULT_REFRESH_SECONDS = 60;

/**
 * @summary The conference's published workshops with time, room, price and seats, and enrollment:
 * a seat, or a place on the waiting list with its position; for a paid workshop, the payment proof.
 *
 * The person's registration comes from `registration-id` (a host page that knows the person), else
 * from a registration made with `<conf-registration-form>` in this browser (remembered, with a way
 * to forget it), else they type its number. Enrolling twice shows the place they already have;
 * nothing is booked twice (one `Idempotency-Key` per attempt, outages retried, a lost answer never
 * repeated by itself). Seats are read again every `refresh` seconds (default 60).
 *
 * A link to `#workshop-<id>` (the schedule's workshop events have one) opens that workshop's
 * enroll view.
 *
 * @attr endpoint - Address of the conference proxy, http(s) or relative (default: nearest `<conf-provider>`, else the script's origin; any other scheme is refused and the default used).
 * @attr heading-level - Level of the workshop titles and of the enroll view's title (its payment section one below) (1–6, default 3).
 * @attr lang - Language of the texts (`en`, `de`, `fr`, `es`; `fr-CA` speaks `fr`); default: the nearest `lang` on the page.
 * @attr theme - `light` or `dark`; `auto` follows the viewer's system; without it, the host page's colour scheme.
 * @attr time-zone - IANA zone for times (`local` for the viewer's); default: the conference's, with the viewer's time beside it when it differs.
 * @attr now - ISO instant that replaces the clock (previews, tests).
 * @attr refresh - Seconds between reads of the seats; default 60, 0 for none.
 * @attr registration-id - The person's registration id, when the host page knows it.
 * @attr query - Initial search text.
 * @attr workshop - A workshop id: opens its enroll view at once (a page about one workshop).
 * @attr draft-key - sessionStorage key of the draft; set it when one page has two of these.
 *
 * @csspart notice - Embed diagnostics shown to the organizer.
 * @csspart search - The search input.
 * @csspart grid - The list of workshops.
 * @csspart card - One workshop.
 * @csspart time - A workshop's time (and the viewer's time beside it).
 * @csspart room - A workshop's room.
 * @csspart price - A workshop's price, or "Free".
 * @csspart seats - Capacity, seats left and waiting list.
 * @csspart enroll-button - Opens a workshop's enroll view.
 * @csspart enroll - The enroll view.
 * @csspart back-button - Back to all workshops.
 * @csspart registrant - Whose registration enrolls.
 * @csspart forget-button - Forgets the registration this browser remembered.
 * @csspart form - The enroll `<form>`.
 * @csspart field - A field (the typed registration number).
 * @csspart input - A text or file control.
 * @csspart field-error - The message beside a field.
 * @csspart form-error - The form-level message (the server's).
 * @csspart submit-button - Enrolls (or joins the waiting list).
 * @csspart retry-button - Shown after an outage: sends the same enrollment again.
 * @csspart unconfirmed - Shown when the answer was lost: what to do next.
 * @csspart resend-button - In `unconfirmed`: sends the enrollment again as a new one, by the person's choice.
 * @csspart status - The live region.
 * @csspart success - The outcome: enrolled, or waitlisted with the position.
 * @csspart payment - The payment-proof step of a paid workshop.
 * @csspart progress - The upload progress bar.
 * @csspart upload-done - The uploaded proof's confirmation.
 * @csspart upload-retry - Uploads the proof again.
 *
 * @cssproperty [--conf-color-primary=#2456c8] - Accent; the other colours derive from it.
 * @cssproperty [--conf-font=inherit] - Font family; by default the page's.
 * @cssproperty [--conf-radius=8px] - Corner radius.
 * @cssproperty [--conf-spacing=16px] - Base spacing.
 *
 * @cssstate loading - The workshops are loading.
 * @cssstate stale - Showing the last good list after a failed refresh.
 * @cssstate error - The list could not be loaded.
 * @cssstate empty - No workshops are published.
 * @cssstate submitting - An enrollment is being sent.
 * @cssstate enrolled - The outcome view is shown.
 *
 * @event {ConfWorkshopEnrolledEvent} conf-workshop-enrolled - A place was taken or found: `detail.id` (the workshop registration's), `detail.workshop`, `detail.workshopRegistration`, `detail.status` (`enrolled`/`waitlisted`), `detail.position`, `detail.existing`.
 * @event {ConfLoadedEvent} conf-loaded - The workshops loaded.
 * @event {ConfErrorEvent} conf-error - Loading failed.
 */
export class ConfWorkshops extends ConfFormElement<EnrollBody, WorkshopRegistration> {
  static override styles = [...ConfFormElement.styles, toolbarStyles, cardGridStyles, workshopsStyles];
  /** Its loading view holds a screen's height: the loaded content is taller (README's snippet reserves the same before the code arrives). */
  static override reservedHeight = '100vh';
  static override minWidth = 260;

  @property({ attribute: 'registration-id' }) registrationId?: string;
  @property() query = '';
  /** Opens this workshop's enroll view at once (a page about one workshop). */
  @property() workshop?: string;

  /** The workshop whose enroll view is open. */
  @state() private selected: string | null = null;
  /** The place the server answered (new, or the existing one of a repeat). */
  @state() private enrollment: WorkshopRegistration | null = null;
  @state() private existing = false;
  /**
   * The places the server answered on this page, by registration and workshop: the list marks
   * them ("You are enrolled") and their enroll view opens on the place, not on a new form.
   */
  @state() private places = new Map<string, WorkshopRegistration>();

  protected readonly draftPrefix = 'conf-workshops';
  private readonly registrant = new RegistrantController(this);
  private restored = false;

  private readonly data = new ResourceController<WorkshopData>(this, {
    name: 'workshops',
    poll: true,
    load: async ({ client, signal, read, revalidate }) => {
      const [workshops, venues, events] = await Promise.all([
        client.listAll('workshops', { signal, read }),
        client.listAll('venues', { signal, read }),
        client.listAll('events', { signal, read }),
      ]);
      if (revalidate && !workshops.changed) return UNCHANGED;
      return { cards: toCards(workshops.data, venueNames(venues.data)), zone: conferenceZone(events.data) };
    },
    count: (v) => v.cards.length,
  });

  protected override readonly upload = new UploadController(
    this,
    'workshop-payment-proof',
    () => this.resolvedEndpoint.url,
    () => ({ workshopRegistrationId: this.enrollment?.id ?? '' }),
  );

  constructor() {
    super();
    this.refresh = DEFAULT_REFRESH_SECONDS;
    rememberRegistrations();
  }

  private get card(): WorkshopCard | null {
    return this.data.value?.cards.find((c) => c.id === this.selected) ?? null;
  }

  protected sendBody(body: EnrollBody, idempotencyKey: string): Promise<WorkshopRegistration> {
    return post(this.client, 'workshopRegister', body, { idempotencyKey });
  }

  protected buildBody(): EnrollBody | null {
    const registrationId = this.enrollingAs;
    return this.selected && registrationId ? { registrationId, workshopId: this.selected } : null;
  }

  protected override canSubmit(): boolean {
    return this.card !== null;
  }

  protected onAccepted(record: WorkshopRegistration): void {
    this.place(record, false);
  }

  /** A repeat is answered 409 with the place the registration already has: show it as the answer. */
  protected override onRefused(error: ApiError): boolean {
    const existing = existingEnrollment(error);
    if (!existing) return true;
    this.draft.clear();
    this.place(existing, true);
    this.announce(this.receivedText());
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('#success-title')?.focus());
    return false;
  }

  /** The registration enrollments are made for: the remembered one, or the number typed. */
  private get enrollingAs(): string {
    return this.registrant.current?.id ?? this.value('registrationId').trim();
  }

  private placeOf(workshopId: string): WorkshopRegistration | undefined {
    const id = this.enrollingAs;
    return id ? this.places.get(`${id} ${workshopId}`) : undefined;
  }

  private place(record: WorkshopRegistration, existing: boolean): void {
    const card = this.card;
    this.enrollment = record;
    this.existing = existing;
    if (card) this.places = new Map(this.places).set(`${this.enrollingAs} ${card.id}`, record);
    // Seats and the waiting list changed: the new numbers from the answer at once, then the
    // server's own. The proxy outdates its cached lists on an enrollment, and the read bypasses
    // the page's shared reads, so it is the server's answer, not a copy from before the write.
    const data = this.data.value;
    if (card && data && !existing) {
      this.data.set({ ...data, cards: data.cards.map((c) => (c.id === card.id ? afterPlace(c, record) : c)) });
    }
    void this.data.reload({ fresh: true });
    if (card) {
      this.dispatchEvent(
        new ConfWorkshopEnrolledEvent({
          id: record.id,
          workshop: card,
          workshopRegistration: record,
          status: record.status,
          position: record.waitlistPosition,
          existing,
        }),
      );
    }
  }

  protected receivedText(): string {
    const e = this.enrollment;
    if (!e) return '';
    const position = e.waitlistPosition ?? 0;
    return e.status === 'enrolled'
      ? msg('You are enrolled.', { id: 'workshops.enrolled' })
      : msg(str`You are on the waiting list, position ${position}.`, { id: 'workshops.waitlisted' });
  }

  protected get accepted(): boolean {
    return this.enrollment !== null;
  }

  protected draftValue(): { workshopId: string; registrationId: string } | null {
    return this.selected ? { workshopId: this.selected, registrationId: this.value('registrationId') } : null;
  }

  protected override draftChanged(changed: PropertyValues): boolean {
    return changed.has('values') || changed.has('selected');
  }

  protected resetForm(): void {
    this.enrollment = null;
    this.existing = false;
  }

  private readDraft(): void {
    const d = this.draft.read() as { workshopId?: unknown; registrationId?: unknown } | null;
    if (typeof d?.workshopId === 'string') this.selected = d.workshopId;
    if (typeof d?.registrationId === 'string' && d.registrationId)
      this.values = { ...this.values, registrationId: d.registrationId };
  }

  /** Opens a workshop's enroll view (from its card, or a `#workshop-<id>` link). */
  async open(id: string): Promise<void> {
    if (this.selected !== id) this.reset();
    this.selected = id;
    // A workshop this registration already has a place in opens on that place.
    const known = this.placeOf(id);
    if (known && !this.enrollment) {
      this.enrollment = known;
      this.existing = false;
    }
    replaceHash(workshopHash(id));
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('#enroll-title')?.focus();
  }

  private back = async (): Promise<void> => {
    const from = this.selected;
    this.reset();
    this.selected = null;
    replaceHash('');
    await this.updateComplete;
    const card = from
      ? this.renderRoot.querySelector<HTMLElement>(`[data-workshop="${CSS.escape(from)}"] [part~="enroll-button"]`)
      : null;
    (card ?? this.renderRoot.querySelector<HTMLElement>('[part~="search"]'))?.focus();
  };

  private onHash = (): void => {
    const id = parseWorkshopHash(location.hash);
    if (id && id !== this.selected) void this.open(id);
  };

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.onHash);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('hashchange', this.onHash);
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (!this.restored) {
      this.restored = true;
      this.readDraft();
      const linked = parseWorkshopHash(location.hash) ?? this.workshop?.trim();
      if (linked) this.selected = linked;
      this.startForm();
    }
    this.setState('enrolled', this.enrollment !== null);
  }

  /** Four cards' worth of placeholder, in the columns the list will have. */
  protected override renderSkeleton(): unknown {
    return html`<ul class="grid cols-${columnsFor(this.width, 280)}">
      ${[0, 1, 2, 3].map(() => html`<li class="skeleton card-skeleton"></li>`)}
    </ul>`;
  }

  protected override renderContent(): unknown {
    return this.renderResource(this.data, {
      skeleton: () => this.renderSkeleton(),
      ready: (d) => {
        const card = this.card;
        return card ? this.renderEnroll(card, d.zone) : this.renderList(d);
      },
      empty: () => msg('No workshops are published yet.', { id: 'workshops.empty' }),
    });
  }

  private renderList(d: WorkshopData): TemplateResult {
    const shown = search(d.cards, this.query);
    const cols = columnsFor(this.width, 280);
    return html`<div class="toolbar">
        <div class="search">
          <label for="q">${msg('Search workshops', { id: 'workshops.search' })}</label>
          <input id="q" class="input" part="search" type="search" autocomplete="off" .value=${this.query}
            placeholder=${msg('Title, topic, room…', { id: 'workshops.search-placeholder' })}
            @input=${(e: Event) => (this.query = (e.target as HTMLInputElement).value)} />
        </div>
      </div>
      ${
        shown.length === 0
          ? html`<div class="empty" part="empty">
            <span>${msg('No matches for this search.', { id: 'core.filtered-empty' })}</span>
            <button class="button" @click=${() => (this.query = '')}>${msg('Clear search', { id: 'core.clear-search' })}</button>
          </div>`
          : html`<ul class="grid cols-${cols}" part="grid">
            ${shown.map((c) => html`<li class="card" part="card" data-workshop=${c.id}>${this.renderCard(c, d.zone)}</li>`)}
          </ul>`
      }`;
  }

  private renderFacts(c: WorkshopCard, zone: string | null): TemplateResult {
    const f = TimeFormatter.for(this.locale, this.displayZone(zone));
    const label = c.start ? f.range(c.start, c.end) : null;
    return html`<dl class="facts">
      ${
        c.start && label
          ? html`<div><dt>${msg('When', { id: 'workshops.when' })}</dt><dd part="time">${f.day(c.start)}, ${label.text}${
              label.local
                ? html` <span class="local">(${msg(str`your time: ${label.local}`, { id: 'workshops.local-time' })})</span>`
                : nothing
            }</dd></div>`
          : nothing
      }
      ${c.venue ? html`<div><dt>${msg('Room', { id: 'workshops.room' })}</dt><dd part="room">${c.venue}</dd></div>` : nothing}
      <div><dt>${msg('Price', { id: 'workshops.price' })}</dt><dd part="price">${
        c.price ? formatPrice(c.price, this.locale) : msg('Free', { id: 'workshops.free' })
      }</dd></div>
      <div><dt>${msg('Seats', { id: 'workshops.seats' })}</dt><dd part="seats">${this.seatsText(c)}</dd></div>
    </dl>`;
  }

  private seatsText(c: WorkshopCard): string {
    const capacity = c.capacity ?? 0;
    const left = c.seatsLeft ?? 0;
    const waiting = c.waitlistCount ?? 0;
    if (c.seatsLeft === null)
      return c.capacity === null ? '' : msg(str`${capacity} seats`, { id: 'workshops.capacity' });
    if (left > 0) return msg(str`${left} of ${capacity} seats left`, { id: 'workshops.left' });
    return waiting > 0
      ? msg(str`Full (${capacity} seats); ${waiting} on the waiting list`, { id: 'workshops.full-waiting' })
      : msg(str`Full (${capacity} seats); the waiting list is open`, { id: 'workshops.full' });
  }

  private enrollLabel(c: WorkshopCard): string {
    return availability(c) === 'full'
      ? msg('Join the waiting list', { id: 'workshops.join-waitlist' })
      : msg('Enroll', { id: 'workshops.enroll' });
  }

  private renderCard(c: WorkshopCard, zone: string | null): TemplateResult {
    const h = headingTag(this.headingLevel);
    const placed = this.placeOf(c.id);
    return staticHtml`<${h} class="card-title">${c.title}</${h}>
      ${placed ? this.renderMark(placed) : nothing}
      ${this.renderFacts(c, zone)}
      ${c.description ? html`<p class="description">${c.description}</p>` : nothing}
      <a class=${placed ? 'button' : 'button primary'} part="enroll-button" href=${workshopHash(c.id)}
        @click=${(e: Event) => {
          e.preventDefault();
          void this.open(c.id);
        }}>
        ${placed ? msg('Your place', { id: 'workshops.your-place' }) : this.enrollLabel(c)}<span class="visually-hidden">: ${c.title}</span>
      </a>`;
  }

  /** On a card: the place this registration has, from the server's answer. */
  private renderMark(p: WorkshopRegistration): TemplateResult {
    const position = p.waitlistPosition ?? 0;
    return html`<p class="mark" part="enrolled-mark" data-status=${p.status}>${
      p.status === 'enrolled'
        ? msg('✓ You are enrolled', { id: 'workshops.mark-enrolled' })
        : msg(str`On the waiting list, position ${position}`, { id: 'workshops.mark-waitlisted' })
    }</p>`;
  }

  private renderEnroll(c: WorkshopCard, zone: string | null): TemplateResult {
    return html`<section class="enroll" part="enroll" aria-labelledby="enroll-title">
      <button type="button" class="button link" part="back-button" @click=${this.back}>
        ← ${msg('All workshops', { id: 'workshops.back' })}
      </button>
      ${staticHtml`<${headingTag(this.headingLevel)} id="enroll-title" class="view-title" tabindex="-1">${c.title}</${headingTag(this.headingLevel)}>`}
      ${this.renderFacts(c, zone)}
      ${c.description ? html`<p class="full-description" part="description">${c.description}</p>` : nothing}
      ${this.enrollment ? this.renderOutcome(c, this.enrollment) : this.renderForm(c)}
    </section>`;
  }

  private renderForm(c: WorkshopCard): TemplateResult {
    const full = availability(c) === 'full';
    return this.renderFormFrame(
      html`${renderRegistrant(this.registrant.current, this, this.registrant.forget)}
        ${full ? html`<p class="help">${msg('All seats are taken. You can join the waiting list: when a seat frees up, the first person waiting gets it.', { id: 'workshops.full-help' })}</p>` : nothing}
        ${c.price ? html`<p class="help">${msg(str`This workshop costs ${formatPrice(c.price, this.locale)}. After enrolling you upload your payment proof here.`, { id: 'workshops.paid-help' })}</p>` : nothing}`,
      {
        submit: this.enrollLabel(c),
        resend: msg('Send as a new enrollment', { id: 'workshops.resend' }),
        // A known registration leaves nothing to fill in: no note about required fields.
        fields: this.registrant.current === null,
      },
    );
  }

  private renderOutcome(c: WorkshopCard, e: WorkshopRegistration): TemplateResult {
    const enrolled = e.status === 'enrolled';
    const position = e.waitlistPosition ?? 0;
    return html`<div class="outcome success" part="success" data-status=${e.status}>
      ${staticHtml`<${headingTag(this.headingLevel)} id="success-title" class="view-title" tabindex="-1">${
        enrolled
          ? msg('You are enrolled', { id: 'workshops.enrolled-title' })
          : msg(str`You are on the waiting list: position ${position}`, { id: 'workshops.waitlisted-title' })
      }</${headingTag(this.headingLevel)}>`}
      ${
        this.existing
          ? html`<p>${msg('This registration had already signed up for this workshop; nothing was booked twice.', { id: 'workshops.existing' })}</p>`
          : nothing
      }
      <p>${
        enrolled
          ? msg('Your seat is reserved. Bring your badge; it is scanned at the door.', {
              id: 'workshops.enrolled-next',
            })
          : msg('When a seat frees up, the first person waiting gets it; the organizers will let you know.', {
              id: 'workshops.waitlisted-next',
            })
      }</p>
      <p>${msg('Enrollment number', { id: 'workshops.number' })}: <span class="record-id" part="record-id">${e.id}</span></p>
      ${c.price && enrolled ? this.renderPayment(c) : nothing}
      ${c.price && !enrolled ? html`<p>${msg('You pay only once you have a seat.', { id: 'workshops.pay-later' })}</p>` : nothing}
    </div>`;
  }

  private renderPayment(c: WorkshopCard): TemplateResult {
    const price = c.price ? formatPrice(c.price, this.locale) : '';
    return html`<div class="payment" part="payment">
      ${staticHtml`<${headingTag(this.headingLevel, 1)} class="payment-title">${msg('Payment', { id: 'workshops.payment' })}</${headingTag(this.headingLevel, 1)}>`}
      <p>${msg(str`Pay ${price} and upload the proof (a receipt or a screenshot of the transfer).`, { id: 'workshops.payment-help' })}</p>
      ${renderUpload(this.upload, { name: 'proof', label: msg('Payment proof', { id: 'workshops.proof' }), required: true }, this.onFile)}
      ${
        this.upload.phase === 'done'
          ? html`<p class="ok">${msg('Thank you: the organizers check the payment and confirm your seat.', { id: 'workshops.proof-received' })}</p>`
          : nothing
      }
    </div>`;
  }
}
