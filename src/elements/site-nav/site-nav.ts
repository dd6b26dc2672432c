import { msg } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ConfElement } from '../../core/conf-element.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import { registerMessages } from '../../core/localize.js';
import { ResourceController } from '../../core/resource-controller.js';
import { conferenceStyles, renderConference } from '../../core/site-header.js';
import { loadSite, type Site, type SiteNavItem } from '../../core/site.js';
import { DEFAULT_HREF_PATTERN, isCurrentHref, pageHref, SLUG_PLACEHOLDER } from './site-nav.model.js';
import { siteNavStyles } from './site-nav.styles.js';

// The element's own translations, each fetched only by a page that shows it in that language.
registerMessages('de', () => import('./locales/de.js'));
registerMessages('fr', () => import('./locales/fr.js'));
registerMessages('es', () => import('./locales/es.js'));

/** Below this width (px) the links fold behind a menu button. */
export const COLLAPSE_BELOW = 480;

/**
 * @summary The navigation of the conference's public website (`/website/site`): one link per page,
 * to the address the organizer's `href-pattern` gives it.
 *
 * A `<nav>` landmark; the link of the page being shown is marked `aria-current="page"` (the one
 * whose address is the browser's, or the `current` slug). Narrower than 480px, the links fold
 * behind a menu button. When the platform only serves the deprecated `/website/pages`, every page
 * is listed in its order.
 *
 * @customElement conf-site-nav
 * @attr href-pattern - Address of a page, `{slug}` standing for its slug (encoded); default `/{slug}`. E.g. `/info/{slug}`, `?page={slug}`. Only an http(s) or relative address makes links: with any other scheme (`javascript:`, `data:`…) the pages are listed as text.
 * @attr current - Slug of the page being shown, when the address alone does not tell (a single-page app).
 * @attr label - Accessible name of the navigation; default "Site".
 * @attr show-conference - Shows the conference's name, dates and city at the start of the navigation.
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
 * @csspart nav - The `<nav>` landmark.
 * @csspart conference - The conference's name, dates and city (with `show-conference`).
 * @csspart conference-name - The conference's name.
 * @csspart conference-meta - Its dates and city.
 * @csspart menu-button - The button that shows the links on a narrow element.
 * @csspart list - The list of links.
 * @csspart link - One page's link.
 * @csspart current - The link of the page being shown (also `link`).
 *
 * @cssproperty [--conf-color-primary=#2456c8] - Accent; the other colours derive from it.
 * @cssproperty [--conf-color-text=#1b1f27] - Text colour.
 * @cssproperty [--conf-color-surface=#fff] - Background.
 * @cssproperty [--conf-font=inherit] - Font family; by default the page's.
 * @cssproperty [--conf-radius=8px] - Corner radius.
 * @cssproperty [--conf-spacing=16px] - Base spacing.
 *
 * @cssstate loading - While data is being fetched.
 * @cssstate stale - Showing the last good data after a refresh failed.
 * @cssstate error - Loading failed and there is nothing to show.
 * @cssstate empty - The site has no pages.
 *
 * @event {ConfLoadedEvent} conf-loaded - The site loaded; `detail.count` is its number of links.
 * @event {ConfErrorEvent} conf-error - Loading failed; `detail.message` is the server's.
 */
export class ConfSiteNav extends ConfElement {
  static override styles = [...ConfElement.styles, conferenceStyles, siteNavStyles];
  static override minWidth = 120;

  @property({ attribute: 'href-pattern', reflect: true }) hrefPattern = DEFAULT_HREF_PATTERN;
  /** Slug of the page being shown; by default, the link whose address is the browser's. */
  @property({ reflect: true }) current?: string;
  /** Accessible name of the `<nav>`. */
  @property({ reflect: true }) label?: string;
  @property({ type: Boolean, attribute: 'show-conference', reflect: true }) showConference = false;

  /** Whether the folded menu is open (narrow element only). */
  @state() private menuOpen = false;

  private readonly site = new ResourceController<Site>(this, {
    name: 'site',
    load: ({ client, signal, read, revalidate }) => loadSite(client, { signal, read, revalidate }),
    count: (s) => s.navigation.length,
  });

  // A page that changes its address without loading (history API, hash links) moves the mark,
  // and the folded menu, its job done, closes.
  private readonly onNavigate = (): void => {
    this.menuOpen = false;
    this.requestUpdate();
  };

  /** Escape closes the open menu and returns focus to its button. */
  private readonly onKeydown = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape' || !this.menuOpen) return;
    this.menuOpen = false;
    this.renderRoot.querySelector<HTMLButtonElement>('[part~="menu-button"]')?.focus();
  };

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('popstate', this.onNavigate);
    window.addEventListener('hashchange', this.onNavigate);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('popstate', this.onNavigate);
    window.removeEventListener('hashchange', this.onNavigate);
  }

  /** The address of a page's link; null when `href-pattern` makes no http(s) or relative address. */
  hrefFor(slug: string): string | null {
    return pageHref(this.hrefPattern || DEFAULT_HREF_PATTERN, slug);
  }

  protected override attributeProblems(): Diagnostic[] {
    const out = super.attributeProblems();
    if (this.hrefPattern && !this.hrefPattern.includes(SLUG_PLACEHOLDER)) {
      out.push({
        code: 'href_pattern_without_slug',
        message: `<conf-site-nav> href-pattern="${this.hrefPattern}" has no {slug}, so every link leads to the same address.`,
        fix: 'Put {slug} where the page\'s name goes, e.g. href-pattern="/info/{slug}".',
      });
    }
    if (this.hrefPattern && pageHref(this.hrefPattern, 'page') === null) {
      out.push({
        code: 'href_pattern_not_web',
        message: `<conf-site-nav> href-pattern="${this.hrefPattern}" is not an http(s) or relative address, so the pages are listed without links.`,
        fix: 'Use a path such as href-pattern="/info/{slug}", or a full https:// address.',
      });
    }
    return out;
  }

  protected override renderContent(): unknown {
    return this.renderResource(this.site, {
      ready: (site) => this.renderNav(site),
      skeleton: () => this.renderSkeleton(),
      empty: () => msg('No pages published yet.', { id: 'site-nav.empty' }),
    });
  }

  protected override renderSkeleton(): TemplateResult {
    return html`<span class="skeleton nav-skeleton"></span>`;
  }

  private isCurrent(item: SiteNavItem, href: string | null): boolean {
    if (this.current !== undefined && this.current !== null) return item.slug === this.current.trim();
    return href !== null && isCurrentHref(href, location.href, document.baseURI);
  }

  private renderNav(site: Site): TemplateResult {
    const collapsed = this.width > 0 && this.width < COLLAPSE_BELOW;
    const links = site.navigation.map((item) => {
      const href = this.hrefFor(item.slug);
      return { item, href, current: this.isCurrent(item, href) };
    });
    const here = links.find((l) => l.current);
    return html`<nav part="nav" class=${collapsed ? 'collapsed' : 'wide'} @keydown=${this.onKeydown} aria-label=${this.label?.trim() || msg('Site', { id: 'site-nav.label' })}>
      ${this.showConference ? renderConference(site.conference, this.locale) : nothing}
      ${
        collapsed
          ? html`<button class="button menu" part="menu-button" aria-expanded=${this.menuOpen ? 'true' : 'false'} aria-controls="links"
            @click=${() => (this.menuOpen = !this.menuOpen)}>
            <span aria-hidden="true" class="burger"></span>
            <span>${msg('Menu', { id: 'site-nav.menu' })}${here ? `: ${here.item.label}` : ''}</span>
          </button>`
          : nothing
      }
      <ul id="links" part="list" ?hidden=${collapsed && !this.menuOpen}>
        ${links.map(
          (l) => html`<li>
            <a part=${l.current ? 'link current' : 'link'} href=${l.href ?? nothing} data-slug=${l.item.slug} aria-current=${l.current ? 'page' : nothing}>${l.item.label}</a>
          </li>`,
        )}
      </ul>
    </nav>`;
  }
}
