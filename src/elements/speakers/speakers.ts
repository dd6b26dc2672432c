import { msg, str } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { ConfElement } from '../../core/conf-element.js';
import { eventHash } from '../../core/deep-link.js';
import { renderCloseButton } from '../../core/detail-dialog-close.js';
import { cardGridStyles, closeButtonStyles, dialogStyles, toolbarStyles } from '../../core/detail-dialog.styles.js';
import { registerMessages } from '../../core/localize.js';
import { RecordListController } from '../../core/record-list-controller.js';
import { renderFilteredEmpty, renderGridSkeleton, renderRecordToolbar } from '../../core/record-toolbar.js';
import { ResourceController, UNCHANGED } from '../../core/resource-controller.js';
import { columnsFor } from '../../core/text.js';
import { TimeFormatter } from '../../core/time.js';
import { ConfSpeakerOpenEvent } from '../../events/conf-speaker-open.js';
import { search, sessionsOf, toCards, type SpeakerCard, type SpeakerSession } from './speakers.model.js';
import { speakersStyles } from './speakers.styles.js';

// The element's own German texts, fetched only by a page that shows it in German.
registerMessages('de', () => import('./locales/de.js'));
registerMessages('fr', () => import('./locales/fr.js'));
registerMessages('es', () => import('./locales/es.js'));

/** `#speaker-ID` opens that speaker's details. */
const SPEAKER_HASH_PREFIX = 'speaker-';

interface SessionData {
  events: unknown[];
  venues: Map<string, string>;
}

/**
 * @summary The conference's speakers as a responsive grid with search and a detail dialog
 * (bio and their sessions from the schedule).
 *
 * The grid's columns follow the element's own width, so it fits a sidebar and a full page alike.
 * More than 100 speakers: only the cards on or near the screen are built, the rest as the page
 * scrolls to them (every card when printed); the list still counts every speaker for screen readers.
 * `#speaker-ID` in the page address opens that speaker's details (opening one writes it).
 *
 * @customElement conf-speakers
 * @attr endpoint - Address of the conference proxy, http(s) or relative (default: nearest `<conf-provider>`, else the script's origin; any other scheme is refused and the default used).
 * @attr lang - Language of the texts (`en`, `de`, `fr`, `es`; `fr-CA` speaks `fr`); default: the nearest `lang` on the page.
 * @attr theme - `light` or `dark`; `auto` follows the viewer's system; without it, the host page's colour scheme.
 * @attr time-zone - IANA zone for session times; `local` for the viewer's; default: the conference's.
 * @attr now - ISO instant that replaces the clock (previews, tests).
 * @attr refresh - Seconds between refreshes; 0 (default) for none.
 * @attr query - Initial search text.
 *
 * @csspart notice - Embed diagnostics shown to the organizer.
 * @csspart loading - The skeleton shown while loading.
 * @csspart error - The error view with the server's message.
 * @csspart retry-button - The button that loads again.
 * @csspart stale - The marker over data kept after a failed refresh.
 * @csspart empty - The text shown when there are no speakers, or no search matches.
 * @csspart search - The search input.
 * @csspart grid - The list of speaker cards.
 * @csspart card - One speaker's card (a button).
 * @csspart photo - A speaker's photo, or the initials in its place.
 * @csspart name - A speaker's name.
 * @csspart affiliation - A speaker's affiliation.
 * @csspart dialog - The detail dialog.
 * @csspart close-button - The dialog's close button.
 * @csspart session-link - A session's title in the dialog: a link to the schedule's `#event-ID`, which a `<conf-schedule>` on the page opens.
 *
 * @cssproperty [--conf-color-primary=#2456c8] - Accent; the other colours derive from it.
 * @cssproperty [--conf-color-text=#1b1f27] - Text colour.
 * @cssproperty [--conf-color-surface=#fff] - Background.
 * @cssproperty [--conf-font=inherit] - Font family; by default the page's.
 * @cssproperty [--conf-radius=8px] - Corner radius.
 * @cssproperty [--conf-spacing=16px] - Base spacing.
 * @cssproperty [--conf-speakers-card-min=180px] - Narrowest card before the grid drops a column.
 * @cssproperty [--conf-speakers-photo-size=96px] - Photo diameter.
 *
 * @cssstate loading - While data is being fetched.
 * @cssstate stale - Showing the last good data after a refresh failed.
 * @cssstate error - Loading failed and there is nothing to show.
 * @cssstate empty - No speakers published.
 *
 * @event {ConfLoadedEvent} conf-loaded - Speakers loaded; `detail.count`.
 * @event {ConfErrorEvent} conf-error - Loading failed; `detail.message` is the server's.
 * @event {ConfSpeakerOpenEvent} conf-speaker-open - A speaker's details open; cancelable.
 */
export class ConfSpeakers extends ConfElement {
  static override styles = [
    ...ConfElement.styles,
    toolbarStyles,
    cardGridStyles,
    dialogStyles,
    closeButtonStyles,
    speakersStyles,
  ];
  /** Its loading view holds a screen's height: the loaded content is taller (README's snippet reserves the same before the code arrives). */
  static override reservedHeight = '100vh';
  static override minWidth = 220;

  /** Search text; reflects what the viewer typed. */
  @property() query = '';

  private readonly speakers = new ResourceController<SpeakerCard[]>(this, {
    name: 'speakers',
    load: async ({ client, signal, read, revalidate }) => {
      const r = await client.listAll('speakers', { signal, read });
      if (revalidate && !r.changed) return UNCHANGED;
      return toCards(r.data);
    },
    count: (v) => v.length,
  });

  /** Events and venues for the dialog, fetched the first time one opens. */
  private readonly sessions = new ResourceController<SessionData>(this, {
    name: 'sessions',
    lazy: true,
    load: async ({ client, signal, read }) => {
      const [events, venues] = await Promise.all([
        client.listAll('events', { signal, read }),
        client.listAll('venues', { signal, read }),
      ]);
      const names = new Map<string, string>();
      for (const v of venues.data as unknown[]) {
        const r = (v ?? {}) as Record<string, unknown>;
        if (r.id != null && typeof r.name === 'string') names.set(String(r.id), r.name);
      }
      return { events: events.data, venues: names };
    },
  });

  /** The search and the details dialog, shared with the other lists: `#speaker-ID` links open it, closing returns focus. */
  private readonly list = new RecordListController<SpeakerCard>(this, {
    prefix: SPEAKER_HASH_PREFIX,
    records: () => this.speakers.value,
    loadFailed: () => this.speakers.error !== null && !this.speakers.loading,
    filter: (cards) => search(cards, this.query),
    resetFilters: () => (this.query = ''),
    // Dispatched by the list before the dialog opens; cancelling it keeps the dialog closed.
    openEvent: (id, card) => new ConfSpeakerOpenEvent({ id, speaker: card.raw }),
    onOpen: () => {
      if (this.sessions.value === undefined && !this.sessions.loading) void this.sessions.reload();
    },
  });

  /** Opens a speaker's details, as a click on their card does; false for an id not in the list. */
  open(id: string): boolean {
    return this.list.open(id);
  }

  close(): void {
    this.list.close();
  }

  /**
   * A session's link names the schedule's deep link (`#event-ID`): a `<conf-schedule>` on the page
   * opens that event. This modal would sit over it, so it closes and the link goes on as usual.
   */
  private followSession = (): void => this.close();

  protected override renderContent(): unknown {
    return this.renderResource(this.speakers, {
      ready: () => this.renderReady(),
      skeleton: () => this.renderSkeleton(),
      empty: () => msg('No speakers published yet.', { id: 'speakers.empty' }),
    });
  }

  protected override renderSkeleton(): TemplateResult {
    return renderGridSkeleton(columnsFor(this.width));
  }

  private renderReady(): TemplateResult {
    const shown = this.list.shown;
    const cols = columnsFor(this.width);
    return html`
      ${renderRecordToolbar({
        label: msg('Search speakers', { id: 'speakers.search' }),
        placeholder: msg('Name, organization…', { id: 'speakers.search-placeholder' }),
        query: this.query,
        onQuery: (q) => (this.query = q),
        count: msg(str`${shown.length} speakers`, { id: 'speakers.count' }),
      })}
      ${
        shown.length === 0
          ? renderFilteredEmpty({ onClear: this.list.clearFilters })
          : this.list.cards.render(
              shown,
              { cls: `grid cols-${cols} ${cols === 1 ? 'list-single' : ''}`, part: 'grid', columns: cols },
              (c) => this.renderCard(c),
            )
      }
      ${this.renderDialog()}
    `;
  }

  private renderAvatar(c: SpeakerCard): TemplateResult {
    return c.photoUrl
      ? html`<img class="avatar" part="photo" src=${c.photoUrl} alt="" loading="lazy" decoding="async" />`
      : html`<span class="avatar" part="photo" aria-hidden="true">${c.initials}</span>`;
  }

  private renderCard(c: SpeakerCard): TemplateResult {
    return html`<button class="card" part="card" data-id=${c.id} @click=${() => this.open(c.id)}
      aria-haspopup="dialog">
      ${this.renderAvatar(c)}
      <span class="text">
        <span class="name" part="name">${c.fullName}</span>
        ${c.affiliation ? html`<span class="affiliation" part="affiliation">${c.affiliation}</span>` : nothing}
      </span>
    </button>`;
  }

  private renderDialog(): TemplateResult {
    const c = this.list.find(this.list.openId);
    return html`<dialog part="dialog" aria-labelledby="dialog-title" @close=${this.list.details.onClose}>
      ${
        c
          ? html`<div class="dialog-body">
            <div class="dialog-head">
              ${this.renderAvatar(c)}
              <div>
                <h2 id="dialog-title">${c.fullName}</h2>
                <p class="affiliation">${[c.jobTitle, c.affiliation].filter(Boolean).join(', ')}</p>
              </div>
              ${renderCloseButton(() => this.close())}
            </div>
            ${c.bio ? html`<p class="bio">${c.bio}</p>` : nothing}
            <section class="sessions" aria-labelledby="sessions-title">
              <h3 id="sessions-title">${msg('Sessions', { id: 'speakers.sessions' })}</h3>
              ${this.renderResource(this.sessions, {
                ready: (d) => this.renderSessions(sessionsOf(c.id, d.events), d.venues),
                skeleton: () => html`<span class="skeleton default-skeleton"></span>`,
              })}
            </section>
            ${
              c.links.length
                ? html`<section class="links" aria-labelledby="links-title">
                  <h3 id="links-title">${msg('Links', { id: 'speakers.links' })}</h3>
                  <ul>${c.links.map((l) => html`<li><a href=${l.url} target="_blank" rel="noopener noreferrer">${l.label}</a></li>`)}</ul>
                </section>`
                : nothing
            }
          </div>`
          : nothing
      }
    </dialog>`;
  }

  private renderSessions(sessions: SpeakerSession[], venues: Map<string, string>): TemplateResult {
    if (sessions.length === 0)
      return html`<p>${msg('No sessions in the schedule yet.', { id: 'speakers.no-sessions' })}</p>`;
    return html`<ul>
      ${sessions.map((s) => {
        const f = TimeFormatter.for(this.locale, this.displayZone(s.timeZone));
        const range = f.range(s.start, s.end);
        return html`<li class="session" data-id=${s.id}>
          <a class="session-title" part="session-link" href=${eventHash(s.id)} @click=${this.followSession}>${s.title}</a>
          <span class="when">
            <time datetime=${s.start.toISOString()}>${f.shortDay(s.start)} · ${range.text}</time>
            ${range.local ? html`<span class="local">(${range.local}, ${msg('your time', { id: 'core.your-time' })})</span>` : nothing}
            ${venues.get(s.venueId) ? html` · ${venues.get(s.venueId)}` : nothing}
          </span>
        </li>`;
      })}
    </ul>`;
  }
}
