/**
 * Base class of every data element: endpoint resolution, the shared attributes (`endpoint`,
 * `lang`, `theme`, `time-zone`, `now`, `refresh`), per-element locale, custom states, the element's
 * own width, and embed diagnostics. Subclasses implement {@link ConfElement.renderContent} and hold
 * their data in a {@link ResourceController}; {@link ConfElement.renderResource} draws the loading,
 * error, empty and stale views around their content.
 */
import { msg, str } from '@lit/localize';
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ApiClient, INVALID_RESPONSE, NETWORK_ERROR } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import { clockFormat, clockText, currentTime, isTimeZone, LOCAL_ZONE, parseInstant, viewerTimeZone } from './clock.js';
import { cssProps } from './css-props.js';
import { showsSetupHints, unknownValue, warnOnce, type Diagnostic } from './diagnostics.js';
import { resolveEndpoint, type ResolvedEndpoint } from './endpoint.js';
import { langOf, loadLocale, localeReady, matchLocale, withLocale, type Locale } from './localize.js';
import { backdropOf, pageScheme, systemScheme, watchScheme, type Scheme } from './page-scheme.js';
import { SAVED_COPY, type ResourceController } from './resource-controller.js';
import { loadedSetupTexts, loadSetupTexts } from './setup-hints.js';
import type { ElementProblem } from './setup-texts.js';
import { statusStyles, themeStyles } from './theme.styles.js';
import { VERSION } from './version.js';

/**
 * The level of an element's first headings when `heading-level` does not say (`heading.ts` keeps
 * levels within 1–6). Here rather than in `heading.ts`, whose static-tag code only the elements
 * with headings download.
 */
export const DEFAULT_HEADING_LEVEL = 3;

export const THEMES = ['auto', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const clients = new Map<string, ApiClient>();
/** Clock-time formatters by locale and zone: building one costs far more than using it. */
const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * What the viewer reads when loading failed. A server's message is shown as sent; the texts the
 * client writes itself, when no server answered or its answer was unreadable, are the element's
 * and follow its language (the organizer's English detail is in the notice above).
 */
function failureText(e: ApiError): string {
  if (e.code === NETWORK_ERROR)
    return msg('Could not reach the conference server. Check the connection and try again.', {
      id: 'core.error.network',
    });
  if (e.code === INVALID_RESPONSE)
    return msg('The conference server sent an answer that could not be read.', { id: 'core.error.invalid' });
  if (e.code === `http_${e.status}`) return msg(str`The server answered ${e.status}.`, { id: 'core.error.status' });
  return e.message;
}

/**
 * The `<conf-provider>` around `el`: the first on its way up the page as the browser composes it,
 * through the slots it is shown in and out of shadow roots to their hosts.
 */
function nearestProvider(el: Element): Element | null {
  let node: Node | null = el;
  while (node) {
    const up: Node | null = (node instanceof Element ? node.assignedSlot : null) ?? node.parentNode;
    node = up instanceof ShadowRoot ? up.host : up;
    if (node instanceof Element && node.localName === 'conf-provider') return node;
  }
  return null;
}

/** Only a request that reached no proxy says something about the setup. */
function setupProblem(error: ApiError): boolean {
  return error.code === NETWORK_ERROR || error.code === INVALID_RESPONSE;
}

export abstract class ConfElement extends LitElement {
  static override styles = [themeStyles, statusStyles];
  /** Compared by the safe define when a page loads two copies of the bundle. */
  static readonly version = VERSION;
  /** Below this width (px) the element says its container is too narrow. */
  static minWidth = 200;
  /**
   * The height (a CSS length) the element's loading view holds until its first data has arrived,
   * so the page below does not move when it does: about the content's height, no more (content
   * shorter than the reserve would pull the page up). README's CSS snippet for the host page
   * reserves the same before the element's code has arrived. Empty: the skeleton's own height.
   */
  static reservedHeight = '';

  /** Address of the proxy; else the nearest `<conf-provider>`'s, else the script's origin. */
  @property({ reflect: true }) endpoint?: string;
  /**
   * `light`, `dark`, or `auto` (the viewer's system setting). Without it the element follows the
   * host page's colour scheme (see core/page-scheme.ts), light when the page declares none.
   */
  @property({ reflect: true }) theme?: Theme;
  /**
   * Paints the element's own surface (`--conf-color-surface`) with padding and rounded corners,
   * a panel. Without it a light element is transparent on the page, unless what it sits on is
   * dark; a dark element is always a panel.
   */
  @property({ type: Boolean, reflect: true }) panel = false;
  /** IANA zone to show times in; `local` for the viewer's; default: the conference's. */
  @property({ attribute: 'time-zone', reflect: true }) timeZone?: string;
  /** ISO instant that replaces the clock, for previews and tests. */
  @property({ reflect: true }) now?: string;
  /** Seconds between refreshes of live data; 0 (default) for none. */
  @property({ type: Number, reflect: true }) refresh = 0;
  /**
   * Shows set-up hints (the notice) in the element on any host; without it they show only on
   * localhost and 127.0.0.1 / ::1. They always go to the console.
   */
  @property({ type: Boolean, reflect: true }) debug = false;
  /**
   * Level of the element's own headings (card titles, time slots), 1–6, default 3; deeper ones
   * follow from it. Set it to one below the heading the element sits under.
   */
  @property({ type: Number, attribute: 'heading-level' }) headingLevel = DEFAULT_HEADING_LEVEL;

  /** The nearest `<conf-provider>`'s `endpoint` attribute (see {@link nearestProvider}). */
  @state() protected providedEndpoint?: string;

  /** The element's own content-box width, for layout (not the viewport's). */
  @state() protected width = 0;

  protected readonly internals: ElementInternals;
  private readonly warned = new Set<string>();
  private readonly runtimeNotices = new Map<string, Diagnostic>();
  private readonly resources = new Set<ResourceController<unknown>>();
  private resizeObserver?: ResizeObserver;
  /** The provider the element reads its endpoint from while connected, and the watch on its attribute. */
  private provider: Element | null = null;
  private providerWatch?: MutationObserver;
  private unwatchScheme?: () => void;
  private backdropSheet?: CSSStyleSheet;

  constructor() {
    super();
    this.internals = this.attachInternals();
  }

  static override get observedAttributes(): string[] {
    // `lang` stays the native property; observing it re-renders in the new language.
    return [...super.observedAttributes, 'lang'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (name === 'lang') this.requestUpdate();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.resizeObserver ??= new ResizeObserver((entries) => {
      const w = Math.round(entries[0]?.contentRect.width ?? 0);
      // Next frame: re-rendering inside the observer's callback can resize us again in the same
      // frame, which browsers report as a "ResizeObserver loop" error on the host page.
      if (w !== this.width) requestAnimationFrame(() => (this.width = w));
    });
    this.resizeObserver.observe(this);
    // Known before the first render, so the first layout is already the right one (no jump from
    // one column to many when the observer first reports).
    this.width = Math.round(this.getBoundingClientRect().width);
    this.unwatchScheme ??= watchScheme(() => this.syncScheme());
    this.syncScheme();
    this.watchProvider();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver?.disconnect();
    this.providerWatch?.disconnect();
    this.provider = null;
    this.unwatchScheme?.();
    this.unwatchScheme = undefined;
  }

  /**
   * Reads the nearest provider's `endpoint` now and whenever it changes (a provider's `endpoint`
   * property reflects to the attribute). The attribute, not the provider's code: an element finds
   * its provider whether or not that is defined yet, and a copy of the bundle reads another's.
   */
  private watchProvider(): void {
    this.provider = nearestProvider(this);
    const read = () => (this.providedEndpoint = this.provider?.getAttribute('endpoint') ?? undefined);
    read();
    if (!this.provider) return;
    this.providerWatch ??= new MutationObserver(read);
    this.providerWatch.observe(this.provider, { attributeFilter: ['endpoint'] });
  }

  /** The scheme the element shows: its `theme`, else the page's. Also the `dark` custom state. */
  get scheme(): Scheme {
    if (this.theme === 'light' || this.theme === 'dark') return this.theme;
    return this.theme === 'auto' ? systemScheme() : pageScheme();
  }

  /**
   * The `dark` state, and the `panel` state: a light element is transparent on what it sits on
   * unless that is dark or unknown (a forced `theme="light"` on a dark page or section, a gradient),
   * where it paints its own surface as a panel. Read when connected and when the scheme changes.
   */
  private syncScheme(): void {
    const scheme = this.scheme;
    const backdrop = backdropOf(this);
    this.setState('dark', scheme === 'dark');
    this.setState('panel', scheme === 'light' && backdrop?.scheme !== 'light');
    this.setBackdropColor(backdrop?.color);
  }

  /**
   * The colour behind a transparent element, as `--_backdrop-color` on the host, for what must
   * hide the content scrolling beneath it (sticky slot times and headers) without painting a
   * white box on a tinted page. An adopted sheet of the element's own: the host's style attribute
   * stays the page's.
   */
  private setBackdropColor(color: string | undefined): void {
    const root = this.shadowRoot;
    if (!root || !('adoptedStyleSheets' in root)) return;
    this.backdropSheet ??= new CSSStyleSheet();
    // A computed rgb()/rgba() or the Canvas keyword: nothing else reaches this text.
    this.backdropSheet.replaceSync(color ? `:host { --_backdrop-color: ${color}; }` : '');
    if (!root.adoptedStyleSheets.includes(this.backdropSheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, this.backdropSheet];
  }

  get resolvedEndpoint(): ResolvedEndpoint {
    return resolveEndpoint(this.endpoint, this.providedEndpoint, document.baseURI);
  }

  /** One client per proxy address, shared by elements so conditional answers are shared too. */
  get client(): ApiClient {
    const url = this.resolvedEndpoint.url;
    let c = clients.get(url);
    if (!c) {
      c = new ApiClient(url);
      clients.set(url, c);
    }
    return c;
  }

  /** Called by each main {@link ResourceController} of this element. */
  registerResource(resource: ResourceController<unknown>): void {
    this.resources.add(resource);
  }

  /**
   * Loads the element's data again now (a host page's "refresh" button, tests). Resolves true
   * when every load succeeded; on failure the element shows the stale or error view.
   */
  async reload(): Promise<boolean> {
    const results = await Promise.all([...this.resources].map((r) => r.reload({ revalidate: true, fresh: true })));
    return results.every(Boolean);
  }

  get locale(): Locale {
    return matchLocale(langOf(this));
  }

  /** The clock, or the `now` attribute. */
  currentTime(): Date {
    return currentTime(this.now);
  }

  /** The zone times are shown in, given the conference's (from the data). */
  displayZone(conferenceZone: string | null | undefined): string {
    const viewer = viewerTimeZone();
    const own = this.timeZone?.trim();
    if (own === LOCAL_ZONE) return viewer;
    if (own && isTimeZone(own)) return own;
    return conferenceZone && isTimeZone(conferenceZone) ? conferenceZone : viewer;
  }

  /** A clock time in the viewer's zone and the element's locale ("saved at 9:30 AM"). */
  private clockTime(d: Date): string {
    const key = `${this.locale}|${viewerTimeZone()}`;
    let f = clockFormats.get(key);
    if (!f) {
      f = clockFormat(this.locale, viewerTimeZone());
      clockFormats.set(key, f);
    }
    return clockText(f, d);
  }

  /** Sets a custom state (`:state(name)`), where the browser supports them. */
  setState(name: string, on: boolean): void {
    const states = this.internals.states as Set<string> | undefined;
    if (!states) return;
    try {
      if (on) states.add(name);
      else states.delete(name);
    } catch {
      // Browsers before `:state()` throw on names without the `--` prefix; the attribute-free
      // fallback is simply no state there.
    }
  }

  /** Shows a diagnostic until {@link clearNotice} (for problems found outside attributes). */
  protected notice(d: Diagnostic): void {
    this.runtimeNotices.set(d.code, d);
    this.requestUpdate();
  }

  protected clearNotice(code: string): void {
    if (this.runtimeNotices.delete(code)) this.requestUpdate();
  }

  /**
   * Problems with the element's attributes; subclasses add their own. The base problems' texts
   * come with the set-up texts' chunk: until it has arrived they are not listed, and its arrival
   * renders the element again.
   */
  protected attributeProblems(): Diagnostic[] {
    const out: Diagnostic[] = [];
    const tag = this.localName;
    if (this.theme && !(THEMES as readonly string[]).includes(this.theme))
      out.push(unknownValue(tag, 'theme', this.theme, THEMES));
    const found: ElementProblem[] = [];
    const tz = this.timeZone?.trim();
    if (tz && tz !== LOCAL_ZONE && !isTimeZone(tz)) found.push({ code: 'unknown_time_zone', value: tz });
    if (this.now && !parseInstant(this.now)) found.push({ code: 'invalid_now', value: this.now });
    if (!(this.refresh >= 0)) found.push({ code: 'invalid_refresh' });
    const { rejected, url: used } = this.resolvedEndpoint;
    if (rejected !== undefined) found.push({ code: 'invalid_endpoint', value: rejected, used });
    const ctor = this.constructor as typeof ConfElement;
    if (this.width > 0 && this.width < ctor.minWidth)
      found.push({ code: 'narrow_container', width: this.width, minWidth: ctor.minWidth });
    if (found.length === 0) return out;
    const texts = this.setupTexts();
    return texts ? [...out, ...found.map((p) => texts.describeElementProblem(tag, p))] : out;
  }

  /**
   * A load failed: when no proxy answered, the set-up hint that goes with it needs its texts,
   * fetched before the failure shows (`ResourceHost.prepareFailure`).
   */
  prepareFailure(error: ApiError): Promise<unknown> {
    return setupProblem(error) ? loadSetupTexts() : Promise.resolve();
  }

  /** The set-up texts if they have arrived; else asks for them and renders again once they have. */
  private setupTexts(): ReturnType<typeof loadedSetupTexts> {
    const texts = loadedSetupTexts();
    if (!texts) void loadSetupTexts().then((loaded) => loaded && this.requestUpdate());
    return texts;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (changed.has('refresh') && changed.get('refresh') !== undefined) this.onRefreshChanged();
    if (changed.has('theme')) this.syncScheme();
  }

  /** A changed `refresh` takes effect now, not after the old countdown. */
  protected onRefreshChanged(): void {
    for (const r of this.resources) r.reschedule();
  }

  /**
   * The whole update speaks the element's language, not only render(): directives such as guard()
   * build their part of the template when it is committed, after render() has returned (the
   * schedule's cards and their type badges stayed English that way).
   */
  protected override update(changed: PropertyValues): void {
    const locale = this.locale;
    if (localeReady(locale)) withLocale(locale, () => super.update(changed));
    else super.update(changed);
  }

  protected override render(): unknown {
    const locale = this.locale;
    if (!localeReady(locale)) {
      // The translation is still on its way (its own chunk, fetched on first use): the skeleton,
      // with no text, rather than English that turns German a moment later. Data loads meanwhile.
      void loadLocale(locale).then(() => this.requestUpdate());
      return html`<div part="loading" aria-busy="true" ${this.reserve()}>${this.renderSkeleton()}</div>`;
    }
    return withLocale(locale, () => {
      return html`${this.renderNotices()}${this.renderContent()}`;
    });
  }

  protected abstract renderContent(): unknown;

  /**
   * The loading view's reserved height, set through the CSS object model (`cssProps`): a strict
   * Content-Security-Policy blocks a `style` attribute.
   */
  private reserve(main = true) {
    const height = (this.constructor as typeof ConfElement).reservedHeight;
    return cssProps(main && height ? { 'min-height': height } : {});
  }

  /** The loading view's placeholder: the rough shape of the content, so nothing jumps when it arrives. */
  protected renderSkeleton(): unknown {
    return html`<span class="skeleton default-skeleton"></span>`;
  }

  private renderNotices(): TemplateResult | typeof nothing {
    const request = this.requestNotice();
    const runtime = [...this.runtimeNotices.values()].filter((d) => d.code !== request?.code);
    const all = [...this.attributeProblems(), ...runtime, ...(request ? [request] : [])];
    if (all.length === 0) return nothing;
    for (const d of all) warnOnce(this, this.warned, d);
    if (!showsSetupHints(this.debug)) return nothing;
    return html`<div class="notice no-print" part="notice" role="note">
      ${all.map((d) => html`<p><strong>${d.message}</strong> ${d.fix}</p>`)}
    </div>`;
  }

  /**
   * The loading view: the skeleton (`skeleton`, else {@link renderSkeleton}), announced as
   * loading, holding the element's reserved height when `main` (its main data, or what it still
   * waits for before showing it, such as a form's translated labels).
   */
  protected renderLoading(skeleton?: () => unknown, main = true): TemplateResult {
    return html`<div part="loading" aria-busy="true" ${this.reserve(main)}>
      <span class="visually-hidden" role="status">${msg('Loading…', { id: 'core.loading' })}</span>
      ${skeleton ? skeleton() : this.renderSkeleton()}
    </div>`;
  }

  /**
   * Draws a resource's state: skeleton while loading, the error with the server's message and a
   * retry, the empty text, or the content — preceded, when a refresh failed, by a stale marker.
   */
  protected renderResource<T>(
    resource: ResourceController<T>,
    views: {
      ready: (value: T) => unknown;
      skeleton?: () => unknown;
      empty?: () => unknown;
    },
  ): unknown {
    const v = resource.view;
    switch (v.kind) {
      case 'loading':
        // Only the element's main data holds the element's height; a detail's (lazy) does not.
        return this.renderLoading(views.skeleton, this.resources.has(resource as ResourceController<unknown>));
      case 'error':
        return html`<div class="status error" part="error" role="alert">
          <strong>${msg('The data could not be loaded.', { id: 'core.error.title' })}</strong>
          <span class="detail">${failureText(v.error)}</span>
          <button class="button" part="retry-button" @click=${() => void resource.reload()}>
            ${msg('Try again', { id: 'core.retry' })}
          </button>
        </div>`;
      case 'empty':
        return html`<div class="status" part="empty" role="status">
          ${views.empty ? views.empty() : msg('Nothing published yet.', { id: 'core.empty' })}
        </div>`;
      case 'ready': {
        return html`${
          v.stale
            ? html`<div class="stale" part="stale" role="status">
                <span>${
                  v.stale.code === SAVED_COPY
                    ? msg(str`Saved at ${this.clockTime(v.updatedAt)}; no connection to the conference data.`, {
                        id: 'core.saved',
                      })
                    : msg(
                        str`Showing data from ${this.clockTime(v.updatedAt)}; refreshing failed: ${failureText(v.stale)}`,
                        {
                          id: 'core.stale',
                        },
                      )
                }</span>
                <button class="button" part="retry-button" ?disabled=${resource.loading} @click=${() => void resource.reload({ revalidate: true })}>
                  ${msg('Try again', { id: 'core.retry' })}
                </button>
              </div>`
            : nothing
        }${views.ready(v.value)}`;
      }
    }
  }

  /** What the main data's failure says about the setup (proxy unreachable, CSP, not the proxy), if anything. */
  private requestNotice(): Diagnostic | null {
    for (const resource of this.resources) {
      const v = resource.view;
      const error = v.kind === 'error' ? v.error : v.kind === 'ready' ? v.stale : null;
      if (!error || !setupProblem(error)) continue;
      const d = this.setupTexts()?.diagnoseRequestError(error, this.resolvedEndpoint.url);
      if (d) return d;
    }
    return null;
  }
}
