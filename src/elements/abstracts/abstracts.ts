import { msg, str } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { html as staticHtml } from 'lit/static-html.js';
import { ApiError } from '../../api/errors.js';
import { ConfElement } from '../../core/conf-element.js';
import { renderCloseButton } from '../../core/detail-dialog-close.js';
import { recordListSheets } from '../../core/detail-dialog.styles.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import { headingTag } from '../../core/heading.js';
import { registerMessages } from '../../core/localize.js';
import { RecordListController } from '../../core/record-list-controller.js';
import { renderFilteredEmpty, renderGridSkeleton, renderRecordToolbar } from '../../core/record-toolbar.js';
import { asApiError, ResourceController, UNCHANGED } from '../../core/resource-controller.js';
import { columnsFor } from '../../core/text.js';
import { ConfAbstractOpenEvent } from '../../events/conf-abstract-open.js';
import {
  ABSTRACT_HASH_PREFIX,
  abstractHash,
  clampPageSize,
  DEFAULT_PAGE_SIZE,
  filterAbstracts,
  mergePage,
  pageOffsets,
  toAbstractCard,
  tracksOf,
  type AbstractCard,
  type AbstractPage,
  type AuthorView,
} from './abstracts.model.js';
import { abstractsStyles } from './abstracts.styles.js';

// The element's own German texts, fetched only by a page that shows it in German.
registerMessages('de', () => import('./locales/de.js'));
registerMessages('fr', () => import('./locales/fr.js'));
registerMessages('es', () => import('./locales/es.js'));

const WITH_AUTHORS = { include: 'authors' } as const;

/**
 * @customElement conf-abstracts
 * @summary The conference's accepted abstracts with their authors: search, a track filter, pages
 * loaded on request, and a detail dialog with the full text.
 *
 * Only the first page is fetched at first; "Load more" fetches the next one. Search and the track
 * filter apply to the abstracts loaded so far, and say so while more remain on the server.
 * `#abstract-ID` in the page address opens that abstract's details. More than 100 loaded: only
 * the cards on or near the screen are built, the rest as the page scrolls to them (every loaded
 * card when printed).
 *
 * @attr endpoint - Address of the conference proxy, http(s) or relative (default: nearest `<conf-provider>`, else the script's origin; any other scheme is refused and the default used).
 * @attr heading-level - Level of the abstract titles (1–6, default 3).
 * @attr lang - Language of the texts (`en`, `de`, `fr`, `es`; `fr-CA` speaks `fr`); default: the nearest `lang` on the page.
 * @attr theme - `light` or `dark`; `auto` follows the viewer's system; without it, the host page's colour scheme.
 * @attr refresh - Seconds between refreshes; 0 (default) for none. A refresh keeps the pages loaded.
 * @attr query - Initial search text.
 * @attr track - Initial track filter (a track's name); empty for all tracks.
 * @attr page-size - Abstracts per page, 1–200; default 20.
 *
 * @csspart notice - Embed diagnostics shown to the organizer.
 * @csspart loading - The skeleton shown while loading.
 * @csspart error - The error view with the server's message.
 * @csspart retry-button - The button that loads again.
 * @csspart stale - The marker over data kept after a failed refresh.
 * @csspart empty - The text shown when there are no abstracts, or no matches.
 * @csspart search - The search input.
 * @csspart track-filter - The track select.
 * @csspart list - The list of abstract cards.
 * @csspart card - One abstract's card.
 * @csspart title - An abstract's title (a link that opens its details).
 * @csspart authors - The authors of an abstract.
 * @csspart presenting - The presenting author's name.
 * @csspart track - An abstract's track.
 * @csspart keywords - An abstract's keywords.
 * @csspart excerpt - The beginning of an abstract's text.
 * @csspart load-more - The button that loads the next page.
 * @csspart load-more-error - Why the next page could not be loaded.
 * @csspart dialog - The detail dialog.
 * @csspart close-button - The dialog's close button.
 *
 * @cssproperty [--conf-color-primary=#2456c8] - Accent; the other colours derive from it.
 * @cssproperty [--conf-color-text=#1b1f27] - Text colour.
 * @cssproperty [--conf-color-surface=#fff] - Background.
 * @cssproperty [--conf-font=inherit] - Font family; by default the page's.
 * @cssproperty [--conf-radius=8px] - Corner radius.
 * @cssproperty [--conf-spacing=16px] - Base spacing.
 * @cssproperty [--conf-abstracts-excerpt-lines=3] - Lines of text shown on a card.
 *
 * @cssstate loading - While data is being fetched.
 * @cssstate stale - Showing the last good data after a refresh failed.
 * @cssstate error - Loading failed and there is nothing to show.
 * @cssstate empty - No accepted abstracts.
 *
 * @event {ConfLoadedEvent} conf-loaded - Abstracts loaded; `detail.count` is the number loaded.
 * @event {ConfErrorEvent} conf-error - Loading failed; `detail.message` is the server's.
 * @event {ConfAbstractOpenEvent} conf-abstract-open - An abstract's details open; cancelable.
 */
export class ConfAbstracts extends ConfElement {
  static override styles = [...ConfElement.styles, ...recordListSheets, abstractsStyles];
  /** Its loading view holds a screen's height: the loaded content is taller (README's snippet reserves the same before the code arrives). */
  static override reservedHeight = '100vh';
  static override minWidth = 240;

  /** Search text; reflects what the viewer typed. */
  @property() query = '';
  /** Track filter; empty for all. */
  @property() track = '';
  /** Abstracts fetched per page. */
  @property({ attribute: 'page-size', type: Number }) pageSize = DEFAULT_PAGE_SIZE;

  @state() private loadingMore = false;
  @state() private moreError: string | null = null;
  @state() private announcement = '';
  private moreAbort: AbortController | undefined;
  /** Page size the loaded value was fetched with; another size starts over at one page. */
  private loadedPageSize = 0;

  private readonly abstracts: ResourceController<AbstractPage> = new ResourceController<AbstractPage>(this, {
    name: 'abstracts',
    args: () => [clampPageSize(this.pageSize)],
    load: async ({ client, signal, read, revalidate }) => {
      const size = clampPageSize(this.pageSize);
      const loaded = this.loadedPageSize === size ? (this.abstracts.value?.items.length ?? 0) : 0;
      // A refresh fetches as many as the viewer has loaded, so it does not undo "Load more".
      const pages = await Promise.all(
        pageOffsets(loaded, size).map((offset) =>
          client.list('abstracts', { signal, read, limit: size, offset, query: WITH_AUTHORS }),
        ),
      );
      this.moreAbort?.abort();
      if (revalidate && pages.every((p) => !p.changed)) return UNCHANGED;
      const items = pages.reduce<AbstractCard[]>((acc, p) => mergePage(acc, p.body.data), []);
      this.loadedPageSize = size;
      return { items, total: Math.max(pages[0]?.body.meta.total ?? 0, items.length) };
    },
    count: (v) => v.items.length,
  });

  /** The open abstract, always fetched on its own: a deep link may name one not loaded yet. */
  private readonly detail = new ResourceController<AbstractCard>(this, {
    name: 'abstract',
    lazy: true,
    load: async ({ client, signal, read }) => {
      const id = this.list.openId;
      if (id === null) throw new ApiError(0, 'client_error', 'No abstract is open.');
      const r = await client.get('abstract', { params: { abstractId: id }, query: WITH_AUTHORS, signal, read });
      const card = toAbstractCard(r.body);
      if (!card) throw new ApiError(200, 'invalid_response', 'The answer has no abstract with a title.');
      return card;
    },
  });

  /** The search, the track filter and the details dialog (`#abstract-ID` links open it). */
  private readonly list: RecordListController<AbstractCard> = new RecordListController<AbstractCard>(this, {
    prefix: ABSTRACT_HASH_PREFIX,
    opensUnlisted: true,
    records: () => this.abstracts.value?.items,
    loadFailed: () => this.abstracts.error !== null && !this.abstracts.loading,
    filter: (items) => filterAbstracts(items, this.query, this.track),
    resetFilters: () => {
      this.query = '';
      this.track = '';
    },
    // Dispatched by the list before the dialog opens; cancelling it keeps the dialog closed.
    openEvent: (id, card) => new ConfAbstractOpenEvent({ id, abstract: card?.raw ?? null }),
    onOpen: (id) => this.loadDetail(id),
  });

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.moreAbort?.abort();
  }

  protected override attributeProblems(): Diagnostic[] {
    const out = super.attributeProblems();
    const raw = this.getAttribute('page-size');
    if (raw !== null && String(clampPageSize(raw)) !== raw.trim()) {
      out.push({
        code: 'invalid_page_size',
        message: `<${this.localName}> page-size="${raw}" is not a whole number from 1 to 200; it loads ${clampPageSize(raw)} at a time.`,
        fix: 'e.g. page-size="20", or remove it.',
      });
    }
    return out;
  }

  /** Opens an abstract's details, as a click on its title does. */
  open(id: string): void {
    this.list.open(id);
  }

  /** The open abstract's own read, started again when it shows another one or failed. */
  private loadDetail(id: string): void {
    if (this.detail.value?.id !== id || this.detail.error) {
      // Never show the previous abstract's text under this one's title while it loads.
      this.detail.clear();
      void this.detail.reload();
    }
  }

  close(): void {
    this.list.close();
  }

  /** Fetches the next page; resolves once it is shown or has failed (the failure is shown too). */
  async loadMore(): Promise<void> {
    const page = this.abstracts.value;
    if (!page || this.loadingMore || page.items.length >= page.total) return;
    const size = clampPageSize(this.pageSize);
    const before = page.items.length;
    const abort = new AbortController();
    this.moreAbort = abort;
    this.loadingMore = true;
    this.moreError = null;
    try {
      const r = await this.client.list('abstracts', {
        signal: abort.signal,
        limit: size,
        offset: before,
        query: WITH_AUTHORS,
      });
      const current = this.abstracts.value ?? page;
      const items = mergePage(current.items, r.body.data);
      this.abstracts.set({ items, total: Math.max(r.body.meta.total, items.length) });
      this.announcement = msg(str`${items.length - before} more abstracts loaded.`, { id: 'abstracts.more-loaded' });
      this.loadingMore = false;
      // Keyboard and screen-reader users continue at the first new abstract, not back at the top
      // (built first, wherever the list's window stands).
      const first = items[before];
      if (first) await this.list.cards.reveal(first.id);
      else await this.updateComplete;
      if (first) this.renderRoot.querySelector<HTMLElement>(`[part~="card"][data-id="${first.id}"] a`)?.focus();
    } catch (e) {
      if (abort.signal.aborted) return;
      this.moreError = asApiError(e).message;
    } finally {
      if (this.moreAbort === abort) {
        this.moreAbort = undefined;
        this.loadingMore = false;
      }
    }
  }

  protected override renderContent(): unknown {
    return html`${this.renderResource(this.abstracts, {
      ready: (page) => this.renderReady(page),
      skeleton: () => this.renderSkeleton(),
      empty: () => msg('No abstracts accepted yet.', { id: 'abstracts.empty' }),
    })}${this.renderDialog()}`;
  }

  private get columns(): number {
    return columnsFor(this.width, 300, 16, 3);
  }

  protected override renderSkeleton(): TemplateResult {
    return renderGridSkeleton(this.columns);
  }

  private renderReady(page: AbstractPage): TemplateResult {
    const tracks = tracksOf(page.items);
    if (this.track && !tracks.includes(this.track)) tracks.push(this.track);
    const shown = this.list.shown;
    const filtered = this.query.trim() !== '' || this.track !== '';
    const remaining = page.total - page.items.length;
    return html`
      ${renderRecordToolbar({
        label: msg('Search abstracts', { id: 'abstracts.search' }),
        placeholder: msg('Title, author, keyword…', { id: 'abstracts.search-placeholder' }),
        query: this.query,
        onQuery: (q) => (this.query = q),
        fields: html`<div class="field">
          <label for="track">${msg('Track', { id: 'abstracts.track' })}</label>
          <select id="track" class="input" part="track-filter" @change=${(e: Event) => (this.track = (e.target as HTMLSelectElement).value)}>
            <option value="" ?selected=${this.track === ''}>${msg('All tracks', { id: 'abstracts.all-tracks' })}</option>
            ${tracks.map((t) => html`<option .value=${t} ?selected=${t === this.track}>${t}</option>`)}
          </select>
        </div>`,
        count: filtered
          ? msg(str`${shown.length} of ${page.items.length} loaded abstracts match`, { id: 'abstracts.count-filtered' })
          : msg(str`${page.items.length} of ${page.total} abstracts`, { id: 'abstracts.count' }),
      })}
      ${
        shown.length === 0
          ? renderFilteredEmpty({
              onClear: this.list.clearFilters,
              detail:
                remaining > 0
                  ? msg('Only the abstracts loaded so far were searched.', { id: 'abstracts.partial-search' })
                  : undefined,
            })
          : this.list.cards.render(
              shown,
              { cls: `grid cols-${this.columns}`, part: 'list', columns: this.columns },
              (c) => this.renderCard(c),
            )
      }
      ${remaining > 0 ? this.renderLoadMore(Math.min(remaining, clampPageSize(this.pageSize))) : nothing}
      <p class="visually-hidden" role="status">${this.announcement}</p>
    `;
  }

  private renderLoadMore(next: number): TemplateResult {
    // aria-disabled rather than disabled: a disabled button drops keyboard focus to the page.
    return html`<div class="more">
      ${
        this.moreError
          ? html`<p class="more-error" part="load-more-error" role="alert">
            ${msg('More abstracts could not be loaded:', { id: 'abstracts.more-error' })} ${this.moreError}
          </p>`
          : nothing
      }
      <button
        class="button"
        part="load-more"
        aria-disabled=${this.loadingMore ? 'true' : 'false'}
        aria-busy=${this.loadingMore ? 'true' : 'false'}
        @click=${() => void this.loadMore()}
      >
        ${
          this.loadingMore
            ? msg('Loading…', { id: 'core.loading' })
            : msg(str`Load ${next} more`, { id: 'abstracts.load-more' })
        }
      </button>
    </div>`;
  }

  private renderAuthors(authors: AuthorView[]): TemplateResult | typeof nothing {
    if (authors.length === 0) return nothing;
    return html`<p class="authors" part="authors">
      ${authors.map(
        (a, i) =>
          html`${i > 0 ? ', ' : ''}${
            a.presenting
              ? html`<strong class="presenting" part="presenting">${a.fullName}<span class="visually-hidden">
                (${msg('presenting', { id: 'abstracts.presenting' })})</span></strong>`
              : a.fullName
          }`,
      )}
    </p>`;
  }

  private renderCard(c: AbstractCard): TemplateResult {
    const h = headingTag(this.headingLevel);
    return staticHtml`<article class="card" part="card" data-id=${c.id}>
      <${h} class="title" part="title">
        <a href=${abstractHash(c.id)} aria-haspopup="dialog" @click=${(e: MouseEvent) => this.list.onLinkClick(e, c.id)}>${c.title}</a>
      </${h}>
      ${this.renderAuthors(c.authors)}
      ${this.renderTags(c)}
      ${c.body ? html`<p class="excerpt" part="excerpt">${c.body}</p>` : nothing}
    </article>`;
  }

  private renderTags(c: AbstractCard): TemplateResult {
    return html`<p class="tags">
      ${c.track ? html`<span class="pill track" part="track">${c.track}</span>` : nothing}
      ${
        c.keywords.length
          ? html`<span class="keywords" part="keywords">
            <span class="visually-hidden">${msg('Keywords:', { id: 'abstracts.keywords' })}</span>
            ${c.keywords.join(' · ')}
          </span>`
          : nothing
      }
    </p>`;
  }

  private renderDialog(): TemplateResult {
    const id = this.list.openId;
    const loaded = this.detail.value?.id === id ? this.detail.value : undefined;
    const title = loaded?.title ?? this.list.find(id)?.title ?? msg('Abstract', { id: 'abstracts.abstract' });
    return html`<dialog part="dialog" aria-labelledby="dialog-title" @close=${this.list.details.onClose}>
      ${
        id !== null
          ? html`<div class="dialog-body">
            <div class="dialog-head">
              <h2 id="dialog-title">${title}</h2>
              ${renderCloseButton(() => this.close())}
            </div>
            ${this.renderResource(this.detail, {
              ready: (c) => this.renderDetail(c),
              skeleton: () => html`<span class="skeleton default-skeleton"></span>`,
            })}
          </div>`
          : nothing
      }
    </dialog>`;
  }

  private renderDetail(c: AbstractCard): TemplateResult {
    return html`<div class="detail" data-id=${c.id}>
      ${this.renderTags(c)}
      ${
        c.authors.length
          ? html`<section aria-labelledby="authors-title">
            <h3 id="authors-title">${msg('Authors', { id: 'abstracts.authors' })}</h3>
            <ul class="author-list">
              ${c.authors.map(
                (a) => html`<li class=${a.presenting ? 'author presenting' : 'author'}>
                  <span class="author-name">${a.fullName}</span>
                  ${a.affiliation ? html`<span class="affiliation">${a.affiliation}</span>` : nothing}
                  ${a.presenting ? html`<span class="badge">${msg('Presenting', { id: 'abstracts.presenting-badge' })}</span>` : nothing}
                </li>`,
              )}
            </ul>
          </section>`
          : nothing
      }
      ${c.body ? html`<p class="body text-block">${c.body}</p>` : nothing}
    </div>`;
  }
}
