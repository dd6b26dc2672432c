import { msg, str } from '@lit/localize';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { ApiError } from '../../api/errors.js';
import { ConfElement } from '../../core/conf-element.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import { registerMessages } from '../../core/localize.js';
import { ResourceController } from '../../core/resource-controller.js';
import { conferenceStyles, renderConference } from '../../core/site-header.js';
import { findPage, loadSite, type Site, type SitePageText } from '../../core/site.js';
import { ConfErrorEvent } from '../../events/conf-error.js';
import { paragraphs } from './page.model.js';
import { pageStyles } from './page.styles.js';

// The element's own translations, each fetched only by a page that shows it in that language.
registerMessages('de', () => import('./locales/de.js'));
registerMessages('fr', () => import('./locales/fr.js'));
registerMessages('es', () => import('./locales/es.js'));

/** Code of the `conf-error` fired when the site has no page with the element's slug. */
export const PAGE_NOT_FOUND = 'page_not_found';

/**
 * @summary One page of the conference's public website (`/website/site`): its title and text.
 *
 * The page's text is plain text: blank lines separate paragraphs, single line breaks are kept.
 * Nothing in it is ever read as HTML, so `<b>` or `&amp;` in the text shows as typed. When the
 * platform only serves the deprecated `/website/pages`, the page is read from there.
 *
 * @customElement conf-page
 * @attr slug - The page to show, e.g. `about` (the slugs are those of the site's navigation).
 * @attr show-conference - Shows the conference's name, dates and city above the page.
 * @attr endpoint - Address of the conference proxy, http(s) or relative (default: nearest `<conf-provider>`, else the script's origin; any other scheme is refused and the default used).
 * @attr lang - Language of the texts (`en`, `de`, `fr`, `es`); default: the nearest `lang` on the page.
 * @attr theme - `light` or `dark`; `auto` follows the viewer's system; without it, the host page's colour scheme.
 * @attr refresh - Seconds between refreshes; 0 (default) for none.
 * @attr debug - Shows set-up hints in the element on any host (they always go to the console).
 *
 * @csspart notice - Embed diagnostics shown to the organizer.
 * @csspart loading - The skeleton shown while loading.
 * @csspart error - The error view with the server's message.
 * @csspart retry-button - The button that loads again.
 * @csspart stale - The marker over data kept after a failed refresh.
 * @csspart empty - The text shown when the site has no pages.
 * @csspart not-found - The text shown when the site has no page with this slug.
 * @csspart conference - The conference's name, dates and city (with `show-conference`).
 * @csspart conference-name - The conference's name.
 * @csspart conference-meta - Its dates and city.
 * @csspart page - The page (an `<article>`).
 * @csspart title - The page's title (an `<h2>`).
 * @csspart body - The page's text.
 * @csspart paragraph - One paragraph of it.
 *
 * @cssproperty [--conf-color-primary=#2456c8] - Accent; the other colours derive from it.
 * @cssproperty [--conf-color-text=#1b1f27] - Text colour.
 * @cssproperty [--conf-color-surface=#fff] - Background.
 * @cssproperty [--conf-font=inherit] - Font family; by default the page's.
 * @cssproperty [--conf-radius=8px] - Corner radius.
 * @cssproperty [--conf-spacing=16px] - Base spacing.
 * @cssproperty [--conf-page-measure=70ch] - Widest line of the page's text.
 *
 * @cssstate loading - While data is being fetched.
 * @cssstate stale - Showing the last good data after a refresh failed.
 * @cssstate error - Loading failed and there is nothing to show.
 * @cssstate empty - The site has no pages.
 * @cssstate not-found - The site has no page with this slug.
 *
 * @event {ConfLoadedEvent} conf-loaded - The site loaded; `detail.count` is its number of pages.
 * @event {ConfErrorEvent} conf-error - Loading failed (`detail.message` is the server's), or the site has no page with this slug (`detail.code` is `page_not_found`).
 */
export class ConfPage extends ConfElement {
  static override styles = [...ConfElement.styles, conferenceStyles, pageStyles];
  /** A page of the site is most of a screen of text; the skeleton alone was 200 px, and the text moved everything below it. */
  static override reservedHeight = 'min(60vh, 600px)';

  /** The page's slug. */
  @property({ reflect: true }) slug = '';
  /** Shows the conference's name, dates and city above the page. */
  @property({ type: Boolean, attribute: 'show-conference', reflect: true }) showConference = false;

  private readonly site = new ResourceController<Site>(this, {
    name: 'site',
    load: ({ client, signal, read, revalidate }) => loadSite(client, { signal, read, revalidate }),
    count: (s) => s.pages.length,
  });

  /** The slug and site a not-found was last reported for, so a re-render does not report it again. */
  private reportedMissing: { slug: string; site: Site } | null = null;

  /** The page shown, or null while loading, or when the site has no page with this slug. */
  get page(): SitePageText | null {
    const site = this.site.value;
    return site ? findPage(site, this.slug) : null;
  }

  protected override attributeProblems(): Diagnostic[] {
    const out = super.attributeProblems();
    if (!this.slug.trim()) {
      out.push({
        code: 'missing_slug',
        message: '<conf-page> has no slug, so it does not know which page to show.',
        fix: 'Add slug="about" (or another page of the site).',
      });
    }
    return out;
  }

  // Before rendering, so the notice is in this render (not a second one).
  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const site = this.site.value;
    const missing = site !== undefined && site.pages.length > 0 && this.page === null;
    this.setState('not-found', missing);
    if (!missing) {
      this.reportedMissing = null;
      this.clearNotice(PAGE_NOT_FOUND);
      return;
    }
    if (this.reportedMissing?.slug === this.slug && this.reportedMissing.site === site) return;
    this.reportedMissing = { slug: this.slug, site };
    const known = site.pages.map((p) => `"${p.slug}"`).join(', ');
    this.notice({
      code: PAGE_NOT_FOUND,
      message: `The site has no page "${this.slug}".`,
      fix: `Set slug to one of: ${known}.`,
    });
    const error = new ApiError(404, PAGE_NOT_FOUND, `The site has no page "${this.slug}".`);
    this.dispatchEvent(
      new ConfErrorEvent({
        resource: 'page',
        status: 404,
        code: error.code,
        message: error.message,
        stale: false,
        error,
      }),
    );
  }

  protected override renderContent(): unknown {
    return this.renderResource(this.site, {
      ready: (site) => this.renderSite(site),
      skeleton: () => this.renderSkeleton(),
      empty: () => msg('No pages published yet.', { id: 'page.empty' }),
    });
  }

  protected override renderSkeleton(): TemplateResult {
    return html`<div class="page-skeleton">
      <span class="skeleton title"></span>
      <span class="skeleton line"></span>
      <span class="skeleton line"></span>
    </div>`;
  }

  private renderSite(site: Site): TemplateResult {
    const page = findPage(site, this.slug);
    return html`${this.showConference ? renderConference(site.conference, this.locale) : nothing}
      ${
        page
          ? html`<article part="page" aria-labelledby="title">
            <h2 id="title" part="title">${page.title}</h2>
            <div class="body" part="body">
              ${paragraphs(page.body).map((lines) => html`<p part="paragraph">${lines.map((line, i) => html`${i > 0 ? html`<br />` : nothing}${line}`)}</p>`)}
            </div>
          </article>`
          : html`<div class="status error" part="not-found" role="alert">
            <strong>${msg('This page could not be found.', { id: 'page.not-found' })}</strong>
            ${this.slug.trim() ? html`<span class="detail">${msg(str`There is no page "${this.slug.trim()}" on this site.`, { id: 'page.not-found-detail' })}</span>` : nothing}
          </div>`
      }`;
  }
}
