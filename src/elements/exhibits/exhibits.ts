import { msg, str } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { html as staticHtml } from 'lit/static-html.js';
import { ConfElement } from '../../core/conf-element.js';
import { renderCloseButton } from '../../core/detail-dialog-close.js';
import { recordListSheets } from '../../core/detail-dialog.styles.js';
import { unknownValue, type Diagnostic } from '../../core/diagnostics.js';
import { headingTag } from '../../core/heading.js';
import { registerMessages } from '../../core/localize.js';
import { RecordListController } from '../../core/record-list-controller.js';
import { renderFilteredEmpty, renderGridSkeleton, renderRecordToolbar } from '../../core/record-toolbar.js';
import { ResourceController, UNCHANGED } from '../../core/resource-controller.js';
import { columnsFor } from '../../core/text.js';
import { ConfExhibitOpenEvent } from '../../events/conf-exhibit-open.js';
import {
  EXHIBIT_HASH_PREFIX,
  exhibitHash,
  filterExhibits,
  toExhibitCards,
  typesOf,
  type ExhibitCard,
} from './exhibits.model.js';
import { exhibitsStyles } from './exhibits.styles.js';

// The element's own German texts, fetched only by a page that shows it in German.
registerMessages('de', () => import('./locales/de.js'));
registerMessages('fr', () => import('./locales/fr.js'));
registerMessages('es', () => import('./locales/es.js'));

/** A wall tile's least width with the default logo size (px): the window's first guess at the wall's columns. */
const WALL_TILE = 192;

/** Names of the types the sandbox and most platforms use; any other type shows as served. */
function typeLabel(type: string): string {
  switch (type) {
    case 'sponsor':
      return msg('Sponsor', { id: 'exhibits.type.sponsor' });
    case 'startup':
      return msg('Startup', { id: 'exhibits.type.startup' });
    case 'research':
      return msg('Research', { id: 'exhibits.type.research' });
    case 'nonprofit':
      return msg('Non-profit', { id: 'exhibits.type.nonprofit' });
    case 'community':
      return msg('Community', { id: 'exhibits.type.community' });
    case 'commercial':
      return msg('Commercial', { id: 'exhibits.type.commercial' });
    default:
      return type.charAt(0).toLocaleUpperCase() + type.slice(1);
  }
}

/**
 * @customElement conf-exhibits
 * @summary The conference's published exhibits (logo, name, type, booth, short description),
 * filtered by type, searchable, with a detail dialog.
 *
 * `type="sponsor"` shows only sponsors (the viewer cannot widen it; no type chips then).
 * `display="wall"` is a sponsor wall: logos only (the name where there is no logo), each linking to
 * the exhibitor's website, no search, count or chips; `group-by="type"` puts them under a heading
 * per type. `#exhibit-ID` in the page address opens that exhibit's details. More than 100 cards:
 * only those on or near the screen are built, the rest as the page scrolls to them (every card
 * when printed); the wall likewise builds only the logos near the screen beyond 100 exhibitors,
 * with every type's heading kept.
 *
 * @attr endpoint - Address of the conference proxy, http(s) or relative (default: nearest `<conf-provider>`, else the script's origin; any other scheme is refused and the default used).
 * @attr heading-level - Level of the exhibit names on cards, and of the wall's type headings (1–6, default 3).
 * @attr lang - Language of the texts (`en`, `de`, `fr`, `es`; `fr-CA` speaks `fr`); default: the nearest `lang` on the page.
 * @attr theme - `light` or `dark`; `auto` follows the viewer's system; without it, the host page's colour scheme.
 * @attr refresh - Seconds between refreshes; 0 (default) for none.
 * @attr query - Initial search text.
 * @attr type - Show only this exhibit type (`sponsor`, `startup`, …); empty (default) for all.
 * @attr display - `cards` (default: searchable cards with type chips) or `wall` (logos only, for a sponsor wall).
 * @attr group-by - `wall` display: `type` for a heading per exhibit type; `none` (default) for one wall.
 *
 * @csspart notice - Embed diagnostics shown to the organizer.
 * @csspart loading - The skeleton shown while loading.
 * @csspart error - The error view with the server's message.
 * @csspart retry-button - The button that loads again.
 * @csspart stale - The marker over data kept after a failed refresh.
 * @csspart empty - The text shown when there are no exhibits, or no matches.
 * @csspart search - The search input.
 * @csspart types - The group of type filter chips.
 * @csspart type-chip - One type filter chip (a toggle button).
 * @csspart grid - The list of exhibit cards.
 * @csspart card - One exhibit's card.
 * @csspart logo - An exhibit's logo, or its initials in its place.
 * @csspart title - An exhibit's name (a link that opens its details).
 * @csspart type - An exhibit's type.
 * @csspart booth - An exhibit's booth.
 * @csspart summary - An exhibit's short description.
 * @csspart dialog - The detail dialog.
 * @csspart close-button - The dialog's close button.
 * @csspart website - The link to the exhibitor's website.
 * @csspart wall - The `display="wall"` list of logos (one per group with `group-by`).
 * @csspart wall-item - One exhibitor on the wall: its logo, or its name where it has none.
 * @csspart wall-group - A group of the wall, with its heading (`group-by="type"`).
 *
 * @cssproperty [--conf-color-primary=#2456c8] - Accent; the other colours derive from it.
 * @cssproperty [--conf-color-text=#1b1f27] - Text colour.
 * @cssproperty [--conf-color-surface=#fff] - Background.
 * @cssproperty [--conf-font=inherit] - Font family; by default the page's.
 * @cssproperty [--conf-radius=8px] - Corner radius.
 * @cssproperty [--conf-spacing=16px] - Base spacing.
 * @cssproperty [--conf-exhibits-logo-size=64px] - Height of a logo on a card.
 *
 * @cssstate loading - While data is being fetched.
 * @cssstate stale - Showing the last good data after a refresh failed.
 * @cssstate error - Loading failed and there is nothing to show.
 * @cssstate empty - No exhibits published.
 *
 * @event {ConfLoadedEvent} conf-loaded - Exhibits loaded; `detail.count`.
 * @event {ConfErrorEvent} conf-error - Loading failed; `detail.message` is the server's.
 * @event {ConfExhibitOpenEvent} conf-exhibit-open - An exhibit's details open; cancelable.
 */
export class ConfExhibits extends ConfElement {
  static override styles = [...ConfElement.styles, ...recordListSheets, exhibitsStyles];
  /** Its loading view holds a screen's height: the loaded content is taller (README's snippet reserves the same before the code arrives). */
  static override reservedHeight = '100vh';
  static override minWidth = 220;

  /** Search text; reflects what the viewer typed. */
  @property() query = '';
  /** The page's type restriction; empty for all. The viewer's chips choose within it, never beyond. */
  @property() type = '';
  /** `cards` or `wall` (logos only). */
  @property({ reflect: true }) display: 'cards' | 'wall' = 'cards';
  /** Wall display: `type` groups the logos under a heading per type. */
  @property({ attribute: 'group-by' }) groupBy: 'none' | 'type' = 'none';
  /** The type chip the viewer chose (empty: all within `type`). */
  @state() private chosenType = '';

  private readonly exhibits = new ResourceController<ExhibitCard[]>(this, {
    name: 'exhibits',
    load: async ({ client, signal, read, revalidate }) => {
      const r = await client.listAll('exhibits', { signal, read });
      if (revalidate && !r.changed) return UNCHANGED;
      return toExhibitCards(r.data);
    },
    count: (v) => v.length,
  });

  /** The search, the type chips' choice and the details dialog (`#exhibit-ID` links open it). */
  private readonly list = new RecordListController<ExhibitCard>(this, {
    prefix: EXHIBIT_HASH_PREFIX,
    records: () => this.exhibits.value,
    loadFailed: () => this.exhibits.error !== null && !this.exhibits.loading,
    filter: (all) => filterExhibits(this.pinnedCards(all), this.query, this.selectedType),
    resetFilters: () => {
      this.query = '';
      this.chosenType = '';
    },
    // Dispatched by the list before the dialog opens; cancelling it keeps the dialog closed.
    openEvent: (id, card) => new ConfExhibitOpenEvent({ id, exhibit: card.raw }),
  });

  /** Opens an exhibit's details, as a click on its card does; false for an id not in the list. */
  open(id: string): boolean {
    return this.list.open(id);
  }

  close(): void {
    this.list.close();
  }

  protected override attributeProblems(): Diagnostic[] {
    const out = super.attributeProblems();
    const cards = this.exhibits.value;
    const type = this.type.trim().toLowerCase();
    if (type && cards && cards.length > 0) {
      const types = typesOf(cards);
      if (!types.includes(type)) out.push(unknownValue(this.localName, 'type', this.type, types));
    }
    return out;
  }

  protected override renderContent(): unknown {
    return this.renderResource(this.exhibits, {
      ready: (cards) => this.renderReady(cards),
      skeleton: () => this.renderSkeleton(),
      empty: () => msg('No exhibits published yet.', { id: 'exhibits.empty' }),
    });
  }

  private get columns(): number {
    return columnsFor(this.width, 220, 16, 5);
  }

  protected override renderSkeleton(): TemplateResult {
    return renderGridSkeleton(this.columns);
  }

  /** The page's `type`, normalized; empty for all. */
  private get pinnedType(): string {
    return this.type.trim().toLowerCase();
  }

  /** The type the list shows: the page's, else the viewer's chip (empty: all). */
  private get selectedType(): string {
    return this.pinnedType || this.chosenType;
  }

  /** The cards within the page's `type`. */
  private pinnedCards(all: readonly ExhibitCard[]): readonly ExhibitCard[] {
    const pinned = this.pinnedType;
    return pinned ? all.filter((c) => c.type === pinned) : all;
  }

  private renderReady(all: ExhibitCard[]): TemplateResult {
    const cards = this.pinnedCards(all);
    if (this.display === 'wall') return html`${this.renderWall(cards)}${this.renderDialog()}`;
    const shown = this.list.shown;
    return html`
      ${renderRecordToolbar({
        label: msg('Search exhibits', { id: 'exhibits.search' }),
        placeholder: msg('Name, booth, topic…', { id: 'exhibits.search-placeholder' }),
        query: this.query,
        onQuery: (q) => (this.query = q),
        count: msg(str`${shown.length} exhibits`, { id: 'exhibits.count' }),
      })}
      ${this.renderTypes(typesOf(cards), this.selectedType)}
      ${
        shown.length === 0
          ? renderFilteredEmpty({
              onClear: this.list.clearFilters,
              clearLabel: msg('Show all exhibits', { id: 'exhibits.clear' }),
            })
          : this.list.cards.render(
              shown,
              { cls: `grid cols-${this.columns}`, part: 'grid', columns: this.columns },
              (c) => this.renderCard(c),
            )
      }
      ${this.renderDialog()}
    `;
  }

  /**
   * Logos only, in the served order; grouped by type, types in the chips' order. Beyond
   * `EAGER_CARDS` exhibitors in all, only the logos on or near the screen are built (the list's
   * `CardWindow`, which counts the wall's columns itself, since its tiles' width comes from CSS).
   * Grouped, one window runs over all the groups rather than one per group: each type's heading
   * and `<ul>` are always on the page (the outline and find-in-page of the headings stay), the
   * logos of a group away from the screen are placeholders in that group's own list, each list
   * counts its own set size, and Tab walks from one group's last logo into the next group's first.
   */
  private renderWall(cards: readonly ExhibitCard[]): TemplateResult {
    if (cards.length === 0) {
      return html`<div class="status" part="empty">${msg('No exhibits published yet.', { id: 'exhibits.empty' })}</div>`;
    }
    const types = this.groupBy === 'type' ? typesOf(cards) : null;
    const groups = types ? types.map((t) => cards.filter((c) => c.type === t)) : [cards];
    const lists = this.list.cards.renderGroups(
      groups,
      { cls: 'wall', part: 'wall', columns: columnsFor(this.width, WALL_TILE, 16, 24), wraps: true },
      (c) => this.renderWallItem(c),
    );
    if (!types) return lists[0]!;
    const h = headingTag(this.headingLevel);
    return html`${types.map(
      (t, i) => staticHtml`<section class="wall-group" part="wall-group" data-type=${t}>
        <${h} class="wall-heading">${typeLabel(t)}</${h}>
        ${lists[i]}
      </section>`,
    )}`;
  }

  private renderWallItem(c: ExhibitCard): TemplateResult {
    const face = c.logoUrl
      ? html`<img class="wall-logo" src=${c.logoUrl} alt=${c.title} loading="lazy" decoding="async" />`
      : html`<span class="wall-name">${c.title}</span>`;
    return c.websiteUrl
      ? html`<a class="wall-item" part="wall-item" data-id=${c.id} href=${c.websiteUrl} target="_blank" rel="noopener noreferrer"
          >${face}<span class="visually-hidden">${msg('(opens in a new tab)', { id: 'exhibits.new-tab' })}</span></a
        >`
      : html`<span class="wall-item" part="wall-item" data-id=${c.id}>${face}</span>`;
  }

  private renderTypes(types: string[], selected: string): TemplateResult | typeof nothing {
    // One type to show (or the page fixed it): nothing to choose.
    if (types.length < 2) return nothing;
    const chip = (value: string, label: string) =>
      html`<button class="chip" part="type-chip" data-type=${value} aria-pressed=${selected === value ? 'true' : 'false'}
        @click=${() => (this.chosenType = value)}>${label}</button>`;
    return html`<div class="types" part="types" role="group" aria-label=${msg('Exhibit type', { id: 'exhibits.types' })}>
      ${chip('', msg('All', { id: 'exhibits.type.all' }))}
      ${types.map((t) => chip(t, typeLabel(t)))}
    </div>`;
  }

  private renderLogo(c: ExhibitCard): TemplateResult {
    return c.logoUrl
      ? html`<img class="logo" part="logo" src=${c.logoUrl} alt="" loading="lazy" decoding="async" />`
      : html`<span class="logo initials" part="logo" aria-hidden="true">${c.initials}</span>`;
  }

  private renderMeta(c: ExhibitCard): TemplateResult {
    return html`<p class="meta">
      ${c.type ? html`<span class="pill type" part="type">${typeLabel(c.type)}</span>` : nothing}
      ${c.booth ? html`<span class="booth" part="booth">${msg(str`Booth ${c.booth}`, { id: 'exhibits.booth' })}</span>` : nothing}
    </p>`;
  }

  private renderCard(c: ExhibitCard): TemplateResult {
    const h = headingTag(this.headingLevel);
    return staticHtml`<article class="card" part="card" data-id=${c.id}>
      ${this.renderLogo(c)}
      <${h} class="title" part="title">
        <a href=${exhibitHash(c.id)} aria-haspopup="dialog" @click=${(e: MouseEvent) => this.list.onLinkClick(e, c.id)}>${c.title}</a>
      </${h}>
      ${this.renderMeta(c)}
      ${c.shortDescription ? html`<p class="summary" part="summary">${c.shortDescription}</p>` : nothing}
    </article>`;
  }

  private renderDialog(): TemplateResult {
    const c = this.list.find(this.list.openId);
    return html`<dialog part="dialog" aria-labelledby="dialog-title" @close=${this.list.details.onClose}>
      ${
        c
          ? html`<div class="dialog-body" data-id=${c.id}>
            <div class="dialog-head">
              ${this.renderLogo(c)}
              <div>
                <h2 id="dialog-title">${c.title}</h2>
                ${this.renderMeta(c)}
              </div>
              ${renderCloseButton(() => this.close())}
            </div>
            ${c.description || c.shortDescription ? html`<p class="description text-block">${c.description || c.shortDescription}</p>` : nothing}
            ${
              c.presenter
                ? html`<p class="presenter">${msg(str`Presented by ${c.presenter}`, { id: 'exhibits.presenter' })}</p>`
                : nothing
            }
            ${
              c.websiteUrl
                ? html`<p>
                  <a class="website" part="website" href=${c.websiteUrl} target="_blank" rel="noopener noreferrer">
                    ${msg('Visit website', { id: 'exhibits.website' })}<span class="visually-hidden">
                      ${msg('(opens in a new tab)', { id: 'exhibits.new-tab' })}</span>
                  </a>
                </p>`
                : nothing
            }
          </div>`
          : nothing
      }
    </dialog>`;
  }
}
