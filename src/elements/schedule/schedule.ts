import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { createRef, ref } from 'lit/directives/ref.js';
import { html as staticHtml } from 'lit/static-html.js';
import { ConfElement } from '../../core/conf-element.js';
import type { DetailDialogController } from '../../core/detail-dialog-controller.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import { unknownValue } from '../../core/diagnostics.js';
import { headingLevel, headingTag } from '../../core/heading.js';
import { registerMessages } from '../../core/localize.js';
import { ResourceController, UNCHANGED } from '../../core/resource-controller.js';
import { TimeFormatter, viewerTimeZone } from '../../core/time.js';
import { todayIn } from '../../core/zone.js';
import { ConfAgendaChangeEvent } from '../../events/conf-agenda-change.js';
import { ConfAgendaSyncEvent } from '../../events/conf-agenda-sync.js';
import { ConfEventOpenEvent } from '../../events/conf-event-open.js';
import {
  agendaShareUrl,
  agendaStorageKey,
  changeAgenda,
  loadAgenda,
  parseAgendaHash,
  type AgendaChange,
  type AgendaStorage,
} from './agenda.model.js';
import { cardStyles } from './card.styles.js';
import { EVENT_LINK, eventHref, isEventLink } from './event-link.js';
import type { GridLayout } from './grid-layout.model.js';
import type { GridWindow } from './grid-window.controller.js';
import { labels, typeLabel } from './labels.js';
import { ListWindow } from './list-window.controller.js';
import { listStyles } from './list.styles.js';
import { renderList } from './list.view.js';
import { LoadSteps } from './load-steps.controller.js';
import { OnDemandView } from './on-demand-view.js';
import { PrintMedia } from './print-media.controller.js';
import { readAll, readEvent, readSpeaker, readVenue } from './read-records.js';
import {
  buildIndex,
  countByDay,
  filterItems,
  groupBySlot,
  isFiltering,
  narrows,
  initialDay,
  nowNext,
  type ScheduleData,
  type ScheduleIndex,
  type ScheduleItem,
  type TimeSlot,
} from './schedule.model.js';
import { scheduleLastStyles, scheduleStyles } from './schedule.styles.js';
import type { ScreenPager } from './screen.view.js';
import { renderVenueFilter, VenueFilterPopover } from './venue-filter.js';
import { SCREEN_PAGE_SECONDS, type ViewContext } from './view-context.js';

registerMessages('de', () => import('./locales/de.js'));
registerMessages('fr', () => import('./locales/fr.js'));
registerMessages('es', () => import('./locales/es.js'));

export const VIEWS = ['list', 'grid', 'screen'] as const;
export type ScheduleView = (typeof VIEWS)[number];

/** The grid view shows the list when fewer rooms than this fit side by side (see `gridFits`). */
export const GRID_MIN_ROOMS = 3;

/** A lobby screen is useless if it never updates; this applies unless `refresh` is set. */
export const SCREEN_REFRESH_SECONDS = 60;

function agendaStorage(): AgendaStorage | null {
  try {
    return window.localStorage;
  } catch {
    // Reading `localStorage` itself throws where the site's storage is blocked.
    return null;
  }
}

/** The kind of deep link a shared agenda is, for holding one per page (see `holdLink`). */
const AGENDA_LINK = 'agenda=';

/** The record lists' deep-link code, fetched to answer a shared agenda's link. */
type DeepLinks = typeof import('../../core/deep-link.js');
type GridCode = typeof import('./grid.view.js');

interface Matches {
  ids: ReadonlySet<string>;
  perDay: ReadonlyMap<string, number>;
}

interface MatchesMemo {
  readonly deps: readonly unknown[];
  readonly matches: Matches;
  readonly items: readonly ScheduleItem[];
}

/** Searches whose matches are kept, so a backspace or a retyped word costs no search. */
const MATCHES_KEPT = 8;

const everyEvent = new WeakMap<ScheduleIndex, Matches>();
/** Every event of the programme as matches, made once per index (a cleared search shows them all). */
function allMatches(index: ScheduleIndex): Matches {
  let m = everyEvent.get(index);
  if (!m) {
    m = { ids: new Set(index.byId.keys()), perDay: new Map([...index.byDay].map(([d, items]) => [d, items.length])) };
    everyEvent.set(index, m);
  }
  return m;
}

/**
 * The conference programme: days, rooms, times and speakers, as a list, a grid or a venue screen.
 * Printed, the list and the grid give every day as a list, without controls.
 *
 * @customElement conf-schedule
 * @summary Conference schedule with day tabs, filters, search, event details, "my agenda" stars,
 *   a share link and calendar (.ics) export; or a self-refreshing venue screen.
 *
 * @attr view - `list` (by day, then time slot), `grid` (rooms as columns) or `screen` (venue screen: clock, now and next).
 * @attr venue - A room id: the venue screen shows only that room; the list and grid start filtered to it (people can widen the filter). All rooms when absent.
 * @attr day - The day to open, `YYYY-MM-DD` in the display zone; default today during the conference, else the first day.
 * @attr conference - Keeps "my agenda" apart when one proxy serves several conferences.
 * @attr endpoint - Address of the proxy, http(s) or relative; else the nearest `<conf-provider>`'s, else the script's origin (any other scheme is refused and the next one used).
 * @attr time-zone - IANA zone for times, or `local` for the viewer's; default the conference's.
 * @attr now - ISO instant used instead of the clock (previews, tests).
 * @attr refresh - Seconds between refreshes; the screen view defaults to 60.
 * @attr page-seconds - Screen view: seconds each page of rooms stays up when they do not all fit at once (default 12).
 * @attr theme - `light` or `dark`; `auto` follows the viewer's system; without it, the host page's colour scheme.
 * @attr heading-level - Level of the element's headings (1–6, default 3): the list's time slots (event titles one below), the grid's event titles, the screen's rooms; a printed day one above its slots.
 * @attr lang - Language of the texts (`en`, `de`, `fr`, `es`; `fr-CA` speaks `fr`); default the page's.
 * @attr max-items - List view: show at most this many events of the day (on the conference day, from the first one not yet over), with a "Show all" button; for sidebars. Unlimited when absent or 0.
 *
 * @csspart toolbar - Search, filters and agenda actions. Narrower than 600 px, the filters and actions fold behind one "Filters" button.
 * @csspart filters-button - The button that unfolds the filters on a narrow schedule.
 * @csspart now-button - "Jump to now": on the conference day, scrolls the list to the slot running now or next.
 * @csspart show-all-button - With `max-items`, shows the rest of the day.
 * @csspart grid-fallback - The note saying the grid's rooms do not fit the width, above the list shown instead.
 * @csspart search - The search field.
 * @csspart venue-filter - The room filter (a button opening a list of rooms to tick, over the page).
 * @csspart type-filter - The group of event type chips and the "my agenda only" chip.
 * @csspart share-button - The button that copies a link to the starred agenda.
 * @csspart ics-agenda-button - The button that downloads the starred agenda as an .ics file.
 * @csspart day-tabs - The tab list of days.
 * @csspart day-tab - One day tab.
 * @csspart day-tab-count - The number of matches on a day tab while searching or filtering.
 * @csspart list - The list view.
 * @csspart slot - One time slot of the list view.
 * @csspart slot-time - A slot's start time.
 * @csspart event - An event card (also `event-<type>`, e.g. `event-keynote`).
 * @csspart event-live - An event card while the event is running.
 * @csspart live - The "live" label on a running event.
 * @csspart event-title - The event title link.
 * @csspart badge - The event type label.
 * @csspart star - The "my agenda" toggle.
 * @csspart time - A time range.
 * @csspart local-time - The viewer's own time beside a time range, where it reads differently.
 * @csspart grid - The grid view's scrolling region.
 * @csspart grid-venue - A room's column header.
 * @csspart screen - The venue screen.
 * @csspart clock - The venue screen's clock.
 * @csspart screen-page - The venue screen's "page 1 of 2" indicator, when the rooms take turns.
 * @csspart screen-venue - One room on the venue screen.
 * @csspart screen-now - What runs now in a room of the venue screen.
 * @csspart screen-next - What comes next in a room of the venue screen.
 * @csspart dialog - The event detail dialog.
 * @csspart close-button - The dialog's close button.
 * @csspart ics-button - The dialog's button that downloads the event as an .ics file.
 * @csspart copy-link-button - The dialog's button that copies a link to the event.
 * @csspart workshop-link - In a workshop's dialog: opens its enroll view in `<conf-workshops>` (`#workshop-<id>`).
 * @csspart share - The share link box.
 * @csspart import - The banner offering a shared agenda.
 * @csspart loading - The loading skeleton.
 * @csspart error - The error view.
 * @csspart retry-button - The button that loads again.
 * @csspart empty - The empty and filtered-empty views.
 * @csspart stale - The marker shown while the data is the last good copy.
 * @csspart notice - Embed diagnostics for the page author.
 * @csspart print-note - On paper, the line naming the search and filters the printed programme follows.
 *
 * @cssproperty [--conf-color-primary=#2456c8] - Brand colour; accents derive from it.
 * @cssproperty [--conf-color-text=#1b1f27] - Text colour.
 * @cssproperty [--conf-color-surface=#fff] - Background colour.
 * @cssproperty [--conf-font=inherit] - Font family; by default the page's (the venue screen keeps a sans-serif stack).
 * @cssproperty [--conf-radius=8px] - Corner radius.
 * @cssproperty [--conf-spacing=16px] - Base spacing.
 * @cssproperty --conf-schedule-hour-height - Height of one hour in the grid view; default: enough for the day's shortest common event to show two title lines and its time.
 * @cssproperty [--conf-schedule-column-width=176px] - Minimum width of a room column in the grid view. When not even three rooms (or all of the day's, if fewer) fit side by side, 80 px of times plus this per room, the grid view shows the list.
 * @cssproperty [--conf-sticky-top=0px] - Height of the site's sticky header: the list's slot times stick below it, "Jump to now" stops below it, and the grid's scrolling box fits the screen below it (its room names stay in sight).
 *
 * @cssstate loading - Data is loading.
 * @cssstate stale - Showing the last good data after a failed refresh.
 * @cssstate error - Loading failed and there is nothing to show.
 * @cssstate empty - No events are published.
 *
 * @event {ConfEventOpenEvent} conf-event-open - An event's details open; detail `{ id, event }`; cancelable (the dialog then stays closed).
 * @event {ConfAgendaChangeEvent} conf-agenda-change - The stars changed; detail `{ starred, saved }`.
 * @event {ConfLoadedEvent} conf-loaded - The programme loaded; detail `{ resource: 'schedule', count, stale }`.
 * @event {ConfErrorEvent} conf-error - Loading failed; detail `{ resource, status, code, message, stale, error }`.
 */
export class ConfSchedule extends ConfElement {
  static override styles = [
    ...ConfElement.styles,
    scheduleStyles,
    cardStyles,
    listStyles,
    // The grid's, the screen's and the dialog's sheets come with their code (see `OnDemandView`).
    scheduleLastStyles,
  ];
  /** Its loading view holds a screen's height: the loaded content is taller (README's snippet reserves the same before the code arrives). */
  static override reservedHeight = '100vh';
  static override minWidth = 280;

  @property({ reflect: true }) view: ScheduleView = 'list';
  @property({ reflect: true }) venue?: string;
  @property() day?: string;
  @property({ reflect: true }) conference?: string;
  @property({ type: Number, attribute: 'page-seconds' }) pageSeconds = SCREEN_PAGE_SECONDS;
  @property({ type: Number, attribute: 'max-items' }) maxItems = 0;

  @state() private query = '';
  @state() private venueFilter: ReadonlySet<string> = new Set();
  @state() private typeFilter: ReadonlySet<string> = new Set();
  @state() private starredOnly = false;
  @state() private starred: ReadonlySet<string> = new Set();
  @state() private pendingImport: string[] | null = null;
  @state() private message = '';
  @state() private dialogStatus = '';
  @state() private shareUrl = '';
  /** `max-items`: "Show all" pressed (for the element's life; another day shows all too). */
  @state() private showAll = false;
  /** A narrow toolbar's filters unfolded. */
  @state() private filtersOpen = false;
  /** Bumped each minute so "live" marks and the screen clock move on. */
  @state() private tick = Date.now();
  /** The venue screen's header names the conference (from the site document). */
  @state() private conferenceName: string | null = null;
  /** The proxy whose site document was asked for, so it is asked once per address. */
  private siteAskedOf = '';

  /** The views fetched on first use, their sheets adopted before the last one, in this order. */
  private readonly gridView = new OnDemandView(this, {
    load: () => import('./grid.view.js'),
    sheets: (m) => m.gridSheets,
    rank: 1,
    before: scheduleLastStyles,
  });
  private readonly screenView = new OnDemandView(this, {
    load: () => import('./screen.view.js'),
    sheets: (m) => m.screenSheets,
    rank: 2,
    before: scheduleLastStyles,
  });
  private readonly dialogView = new OnDemandView(this, {
    load: () => import('./dialog.view.js'),
    sheets: (m) => m.dialogSheets,
    rank: 3,
    before: scheduleLastStyles,
  });
  private deepLinks?: DeepLinks;
  private pager?: ScreenPager;
  private readonly print = new PrintMedia(this);
  private readonly venuePopover = new VenueFilterPopover(this);
  /** The first load in steps: index, then first screen, each a task of its own; search text when idle. */
  private readonly loadSteps = new LoadSteps(this, {
    index: () => this.index,
    warmUp: () => void this.fmt.time(new Date()),
  });
  private readonly listWindow = new ListWindow(this, () =>
    this.renderRoot.querySelector<HTMLElement>('.panel > .list'),
  );
  private gridWindow?: GridWindow;

  private readonly data = new ResourceController<ScheduleData>(this, {
    name: 'schedule',
    load: async ({ client, signal, read, revalidate }) => {
      const [events, venues, speakers] = await Promise.all([
        client.listAll('events', { signal, read }),
        client.listAll('venues', { signal, read }),
        client.listAll('speakers', { signal, read }),
      ]);
      if (revalidate && !events.changed && !venues.changed && !speakers.changed) return UNCHANGED;
      return {
        events: readAll(events.data, readEvent),
        venues: readAll(venues.data, readVenue),
        speakers: readAll(speakers.data, readSpeaker),
      };
    },
    count: (d) => d.events.length,
  });

  private agendaKey = '';
  private pendingHash: string | null = null;
  private clockTimer: ReturnType<typeof setTimeout> | undefined;
  private indexMemo?: { data: ScheduleData; zone: string; index: ScheduleIndex };
  private slotsMemo?: { index: ScheduleIndex; day: string; slots: TimeSlot[] };
  private gridMemo?: { index: ScheduleIndex; day: string; venues: ReadonlySet<string>; layout: GridLayout };
  /** The last few searches' matches, the latest first (see `filterAllDays`). */
  private matchesMemo: MatchesMemo[] = [];
  /**
   * The display zone and its formatter, resolved again only when what decides them changes (the
   * conference's zone, the `time-zone` attribute, the locale, the viewer's zone): resolving checks
   * the zones with a new `Intl` formatter each, a few ms per search keystroke on a phone.
   */
  private zoneMemo?: {
    conferenceZone: string | undefined;
    own: string | undefined;
    locale: string;
    viewer: string;
    zone: string;
    fmt: TimeFormatter;
  };
  private readonly dialogRef = createRef<HTMLDialogElement>();
  /**
   * The event dialog's controller, shared with the other lists (`#event-ID` links open it, closing
   * returns focus), made when the dialog's code arrives: on the first open, or an event link.
   */
  private details?: DetailDialogController;

  /** The dialog's code and controller, fetched once; undefined (and said) when it cannot be fetched. */
  private async eventDialog(): Promise<DetailDialogController | undefined> {
    let code: typeof import('./dialog.view.js');
    try {
      code = await this.dialogView.fetch();
    } catch {
      this.message = labels.partFailed();
      return undefined;
    }
    this.details ??= new code.DetailDialogController(this, {
      prefix: EVENT_LINK,
      dialog: () => this.dialogRef.value,
      // A link is followed once the schedule is there; after a failed load it is dropped.
      openFromLink: (id) => {
        const index = this.index;
        if (!index) return this.data.error !== null && !this.data.loading;
        const item = index.byId.get(id);
        if (!item) this.message = labels.notFound(id);
        else if (this.details?.openId !== id) this.openItem(item);
        return true;
      },
    });
    this.requestUpdate();
    return this.details;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.onHashChange);
    window.addEventListener('storage', this.onStorage);
    window.addEventListener(ConfAgendaSyncEvent.type, this.onAgendaSync);
    this.pendingHash = location.hash;
    if (isEventLink(location.hash)) void this.eventDialog();
    this.startClock();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('hashchange', this.onHashChange);
    window.removeEventListener('storage', this.onStorage);
    window.removeEventListener(ConfAgendaSyncEvent.type, this.onAgendaSync);
    this.deepLinks?.releaseLink(AGENDA_LINK, this);
    clearTimeout(this.clockTimer);
    this.clockTimer = undefined;
  }

  /** One timer, re-armed at each minute boundary; never more than one pending. */
  private startClock(): void {
    clearTimeout(this.clockTimer);
    this.clockTimer = setTimeout(
      () => {
        this.tick = Date.now();
        this.startClock();
      },
      60_000 - (Date.now() % 60_000) + 25,
    );
  }

  private readonly onHashChange = (): void => {
    this.pendingHash = location.hash;
    // Once made, the dialog's controller follows event links itself.
    if (!this.details && isEventLink(location.hash)) void this.eventDialog();
    this.requestUpdate();
  };

  /** Another tab starred something: follow it, so two open tabs never overwrite each other. */
  private readonly onStorage = (e: StorageEvent): void => {
    if (e.key === this.agendaKey) this.starred = loadAgenda(agendaStorage(), this.agendaKey);
  };

  /** Another schedule on this page starred something: show the same stars. */
  private readonly onAgendaSync = (e: ConfAgendaSyncEvent): void => {
    const { key, starred, source } = e.detail;
    if (source !== this && key === this.agendaKey) this.starred = new Set(starred);
  };

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (this.view === 'screen' && !this.hasAttribute('refresh') && this.refresh === 0)
      this.refresh = SCREEN_REFRESH_SECONDS;
    // The chosen view's code, fetched while the programme loads.
    if (this.view === 'grid') this.gridView.get();
    if (this.view === 'screen') this.screenView.get();
    const key = agendaStorageKey(this.resolvedEndpoint.url, this.conference ?? '');
    if (key !== this.agendaKey) {
      this.agendaKey = key;
      this.starred = loadAgenda(agendaStorage(), key);
    }
    // A room's own page: the room filter starts at that room, and follows the attribute.
    if (changed.has('venue')) this.venueFilter = this.venue ? new Set([this.venue]) : new Set();
    const index = this.index;
    if (index && this.pendingHash !== null) {
      const hash = this.pendingHash;
      this.pendingHash = null;
      this.applyHash(hash, index);
    }
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    this.loadConferenceName();
    const index = this.index;
    // Through a ref: searching the shadow root for it walks every card of the day.
    // The dialog controller shows it; an event a refresh withdrew must not stay open, empty.
    const dialog = this.dialogRef.value;
    const openId = this.details?.openId ?? null;
    if (dialog?.open && (openId === null || !index?.byId.has(openId))) dialog.close();
  }

  protected override attributeProblems(): Diagnostic[] {
    const out = super.attributeProblems();
    if (!(VIEWS as readonly string[]).includes(this.view))
      out.push(unknownValue(this.localName, 'view', this.view, VIEWS));
    const index = this.index;
    if (this.venue && index && !index.venues.some((v) => v.id === this.venue)) {
      out.push(
        unknownValue(
          this.localName,
          'venue',
          this.venue,
          index.venues.map((v) => v.id),
        ),
      );
    }
    if (this.day && index && !index.days.includes(this.day)) {
      out.push(unknownValue(this.localName, 'day', this.day, index.days));
    }
    return out;
  }

  /** The screen view only: the conference's name for its header, once per proxy address. */
  private loadConferenceName(): void {
    const url = this.resolvedEndpoint.url;
    if (this.view !== 'screen' || this.siteAskedOf === url) return;
    this.siteAskedOf = url;
    // The site document read tolerantly, as <conf-page> reads it (a platform without it: its pages).
    // Its code is imported here, on the screen view's first read, so list and grid pages don't download it.
    import('../../core/site.js')
      .then(({ loadSite }) => loadSite(this.client, { signal: new AbortController().signal }))
      .then(
        (site) => {
          if (this.siteAskedOf === url && site !== UNCHANGED) this.conferenceName = site.conference?.name || null;
        },
        () => {
          // No site published, or offline: the screen shows its clock without the name.
        },
      );
  }

  /** The index for the current data and display zone, rebuilt only when either changes. */
  private get index(): ScheduleIndex | undefined {
    const data = this.data.value;
    if (!data) return undefined;
    const zone = this.resolvedZone.zone;
    const m = this.indexMemo;
    if (m && m.data === data && m.zone === zone) return m.index;
    if (!this.loadSteps.due(data, !m)) return undefined;
    const index = buildIndex(data, zone);
    this.indexMemo = { data, zone, index };
    return index;
  }

  /** Core's shared formatter: the same instance while zone and locale stay, for the cards' `guard`. */
  private get fmt(): TimeFormatter {
    return this.resolvedZone.fmt;
  }

  private get resolvedZone(): { zone: string; fmt: TimeFormatter } {
    const conferenceZone = this.data.value?.events[0]?.timeZone;
    const [own, locale, viewer] = [this.timeZone, this.locale, viewerTimeZone()];
    let m = this.zoneMemo;
    if (!m || m.conferenceZone !== conferenceZone || m.own !== own || m.locale !== locale || m.viewer !== viewer) {
      const zone = this.displayZone(conferenceZone);
      m = this.zoneMemo = { conferenceZone, own, locale, viewer, zone, fmt: TimeFormatter.for(locale, zone) };
    }
    return m;
  }

  private nowMs(): number {
    return this.now ? this.currentTime().getTime() : Math.max(this.tick, Date.now());
  }

  private selectedDay(index: ScheduleIndex): string | null {
    if (this.day && index.days.includes(this.day)) return this.day;
    return initialDay(index, this.nowMs());
  }

  /**
   * The events passing the filters on every day, not just the selected one: the day tabs count
   * them, so a search shows its matches on other days too. Ids of other days in `ids` do no harm,
   * since only the selected day's cards are rendered.
   */
  private filterAllDays(index: ScheduleIndex): Matches {
    const deps = [
      index,
      this.query,
      this.venueFilter,
      this.typeFilter,
      this.starredOnly,
      this.starredOnly ? this.starred : null,
    ];
    // New data: the kept matches are of the old programme.
    if (this.matchesMemo[0]?.deps[0] !== index) this.matchesMemo = [];
    const same = (m: MatchesMemo) => m.deps.length === deps.length && m.deps.every((d, i) => d === deps[i]);
    const kept = this.matchesMemo.findIndex(same);
    if (kept >= 0) {
      // A search seen a few keystrokes ago (a backspace over a typo): its matches again, at once.
      const [m] = this.matchesMemo.splice(kept, 1);
      this.matchesMemo.unshift(m!);
      return m!.matches;
    }
    const filter = {
      day: null,
      query: this.query,
      venues: this.venueFilter,
      types: this.typeFilter,
      starredOnly: this.starredOnly,
      starred: this.starred,
    };
    let items: readonly ScheduleItem[];
    let matches: Matches;
    if (!isFiltering(filter)) {
      // Nothing to filter by (the search cleared): every event, with no pass over them.
      items = index.items;
      matches = allMatches(index);
    } else {
      // A query typed on from the last one (the rest of the filters the same) matches a subset of
      // its matches: search those, not the whole programme (see `narrows`).
      const last = this.matchesMemo[0];
      const narrowing =
        last && last.deps.every((d, i) => i === 1 || d === deps[i]) && narrows(last.deps[1] as string, this.query);
      items = filterItems(index, filter, narrowing ? last.items : undefined);
      matches = { ids: new Set(items.map((i) => i.event.id)), perDay: countByDay(items) };
    }
    this.matchesMemo.unshift({ deps, matches, items });
    this.matchesMemo.length = Math.min(this.matchesMemo.length, MATCHES_KEPT);
    return matches;
  }

  private slots(index: ScheduleIndex, day: string): TimeSlot[] {
    const m = this.slotsMemo;
    if (m && m.index === index && m.day === day) return m.slots;
    const slots = groupBySlot(index.byDay.get(day) ?? []);
    this.slotsMemo = { index, day, slots };
    return slots;
  }

  /**
   * `max-items`: the first that many events passing the filters, from the first one not yet over
   * when the day is under way (a past day from its start). Null when not limited.
   */
  private limit(
    index: ScheduleIndex,
    day: string,
    ids: ReadonlySet<string>,
  ): { visible: Set<string>; total: number; rest: number } | null {
    if (!(this.maxItems > 0) || this.showAll || this.view === 'screen') return null;
    const items = (index.byDay.get(day) ?? []).filter((i) => ids.has(i.event.id));
    const now = this.nowMs();
    let from = items.findIndex((i) => i.end > now);
    if (from < 0) from = 0;
    const shown = items.slice(from, from + this.maxItems);
    return { visible: new Set(shown.map((i) => i.event.id)), total: items.length, rest: items.length - shown.length };
  }

  /**
   * Whether the grid's rooms fit the element's width: 80 px of times, then room columns of
   * `--conf-schedule-column-width` for every room of the day, or at least {@link GRID_MIN_ROOMS}
   * of them side by side (more rooms scroll sideways, as on a laptop). Narrower, a phone or a
   * sidebar, the grid would be all sideways scrolling: the list is shown instead.
   */
  private gridFits(columns: number): boolean {
    if (this.width <= 0) return true;
    const col = parseFloat(getComputedStyle(this).getPropertyValue('--conf-schedule-column-width')) || 176;
    return this.width >= 80 + Math.min(columns, GRID_MIN_ROOMS) * col;
  }

  /** The selected day's slot running now, else the next one; null off the conference day. */
  private nowSlot(index: ScheduleIndex, day: string): number {
    const now = this.nowMs();
    const items = index.byDay.get(day) ?? [];
    // Through the zone's cached offset: `Intl`'s parts of today's date on every render cost a phone ~2 ms.
    if (!items.length || todayIn(this.fmt.zone, now) !== day) return -1;
    return this.slots(index, day).findIndex((slot) => slot.items.some((i) => i.end > now));
  }

  private async jumpToNow(index: ScheduleIndex, day: string): Promise<void> {
    const at = this.nowSlot(index, day);
    if (at < 0) return;
    // The list holds every slot's heading; the limited list starts at now already. The slot's
    // first card is built, even when the window had not reached it.
    if (this.view === 'grid') this.view = 'list';
    const target = this.slots(index, day)[at]!;
    const first = target.items.find((i) => this.filterAllDays(index).ids.has(i.event.id));
    if (first) this.listWindow.reveal(first.event.id);
    await this.updateComplete;
    const slot = this.renderRoot.querySelector<HTMLElement>(`.list > .slot[data-start="${target.start}"]`);
    slot?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    // Placeholders above may take their built heights on the way: land on the slot once more.
    addEventListener('scrollend', () => slot?.isConnected && slot.scrollIntoView({ block: 'start' }), { once: true });
    slot?.querySelector<HTMLElement>('.slot-time')?.setAttribute('tabindex', '-1');
    slot?.querySelector<HTMLElement>('.slot-time')?.focus({ preventScroll: true });
  }

  private grid(index: ScheduleIndex, day: string, { layoutGrid }: GridCode): GridLayout {
    const m = this.gridMemo;
    if (m && m.index === index && m.day === day && m.venues === this.venueFilter) return m.layout;
    const chosen = this.venueFilter;
    const hidden = new Set(chosen.size ? index.venues.filter((v) => !chosen.has(v.id)).map((v) => v.id) : []);
    const layout = layoutGrid(index.byDay.get(day) ?? [], index.venues, { timeZone: index.timeZone, hidden });
    this.gridMemo = { index, day, venues: chosen, layout };
    return layout;
  }

  private context(index: ScheduleIndex, visible: ReadonlySet<string>): ViewContext {
    return {
      index,
      fmt: this.fmt,
      now: this.nowMs(),
      starred: this.starred,
      visible,
      headingLevel: headingLevel(this.headingLevel),
      open: this.openItem,
      toggleStar: this.toggleStar,
    };
  }

  // --- actions ---------------------------------------------------------------------------------

  private applyHash(hash: string, index: ScheduleIndex): void {
    // Another schedule on the page answered this link and closed it again, clearing the fragment.
    if (hash !== location.hash) return;
    // `#event-ID` links are the dialog controller's.
    const shared = parseAgendaHash(hash);
    if (shared) {
      const known = shared.filter((id) => index.byId.has(id));
      if (known.length === 0) return;
      // One banner per page: the first schedule that knows some of the events offers them. Which
      // one holds the link is the deep-link code's, fetched for it; without it, each offers them.
      import('../../core/deep-link.js').then(
        (links) => {
          this.deepLinks = links;
          if (location.hash !== hash || links.linkHeldElsewhere(AGENDA_LINK, hash, this)) return;
          links.holdLink(AGENDA_LINK, hash, this);
          this.pendingImport = known;
        },
        () => (this.pendingImport = known),
      );
    }
  }

  private readonly openItem = (item: ScheduleItem): void => {
    const e = new ConfEventOpenEvent({ id: item.event.id, event: item.event });
    this.dispatchEvent(e);
    if (e.defaultPrevented) return;
    this.dialogStatus = '';
    if (this.index && this.selectedDay(this.index) !== item.day) this.day = item.day;
    const id = item.event.id;
    void this.showCard(id);
    // At once when the dialog's code is here: a deep link's dialog holds the link before another
    // schedule on the page, updating next, would answer it too.
    if (this.details) this.details.show(id);
    else void this.eventDialog().then((details) => details?.show(id));
  };

  /**
   * Builds the card of an opened event and brings it on screen behind the dialog (a deep link to
   * a card the window had not built), so closing the dialog leaves the visitor at it.
   */
  private async showCard(id: string): Promise<void> {
    this.listWindow.reveal(id);
    this.gridWindow?.reveal(id);
    await this.updateComplete;
    const card = this.renderRoot.querySelector<HTMLElement>(
      `.panel [part~="event"]:has(a[href="${CSS.escape(eventHref(id))}"])`,
    );
    if (!card) return;
    const r = card.getBoundingClientRect();
    const box = card.closest('.grid-scroll')?.getBoundingClientRect() ?? { top: 0, bottom: innerHeight };
    if (r.bottom < Math.max(0, box.top) || r.top > Math.min(innerHeight, box.bottom))
      card.scrollIntoView({ block: 'center' });
  }

  private readonly toggleStar = (item: ScheduleItem): void => {
    const ids = [item.event.id];
    this.changeStars(this.starred.has(item.event.id) ? { remove: ids } : { add: ids });
  };

  /** Applies one change to the stored stars (never overwriting them) and tells the page. */
  private changeStars(change: AgendaChange): number {
    const { ids, saved, added } = changeAgenda(agendaStorage(), this.agendaKey, this.starred, change);
    this.starred = ids;
    if (!saved) this.message = labels.storageFailed();
    const starred = [...ids].sort();
    // Both built before dispatching: the manifest analyzer lists an inline `new` as a nameless event.
    const sync = new ConfAgendaSyncEvent({ key: this.agendaKey, starred, source: this });
    window.dispatchEvent(sync);
    const event = new ConfAgendaChangeEvent({ starred, saved });
    this.dispatchEvent(event);
    return added;
  }

  private importShared(): void {
    const added = this.changeStars({ add: this.pendingImport ?? [] });
    this.dismissImport();
    this.message = labels.imported(added);
  }

  private dismissImport(): void {
    this.pendingImport = null;
    this.deepLinks?.releaseLink(AGENDA_LINK, this);
    if (parseAgendaHash(location.hash)) this.deepLinks?.replaceHash('');
  }

  private async share(): Promise<void> {
    if (this.starred.size === 0) {
      this.message = labels.shareEmpty();
      this.shareUrl = '';
      return;
    }
    this.shareUrl = agendaShareUrl(location.href, this.starred);
    try {
      await navigator.clipboard.writeText(this.shareUrl);
      this.message = labels.shareCopied();
    } catch {
      // No clipboard permission: the link stays visible in the share box to copy by hand.
      this.message = '';
    }
  }

  /** Saves `items` as an .ics file; its code is fetched on the first press. */
  private async downloadCalendar(
    items: readonly ScheduleItem[],
    name: string,
    fileTitle: string,
    failed: (text: string) => void,
  ): Promise<void> {
    const page = new URL(location.href);
    const options = {
      now: Date.now(),
      uidDomain: new URL(this.resolvedEndpoint.url).hostname,
      calendarName: name,
      eventUrl: (item: ScheduleItem) => {
        page.hash = eventHref(item.event.id);
        return page.href;
      },
    };
    try {
      const { downloadCalendar } = await import('./ics-download.js');
      downloadCalendar(items, fileTitle, options, this.renderRoot as ShadowRoot);
    } catch {
      failed(labels.partFailed());
    }
  }

  private downloadAgenda(index: ScheduleIndex): void {
    const items = index.items.filter((i) => this.starred.has(i.event.id));
    if (items.length === 0) {
      this.message = labels.shareEmpty();
      return;
    }
    void this.downloadCalendar(items, labels.icsAgenda(), 'agenda', (text) => (this.message = text));
  }

  private readonly dialogActions = {
    close: () => this.details?.onClose(),
    downloadIcs: (item: ScheduleItem) =>
      void this.downloadCalendar([item], item.event.title, item.event.title, (text) => (this.dialogStatus = text)),
    copyLink: async (item: ScheduleItem) => {
      const url = new URL(location.href);
      url.hash = eventHref(item.event.id);
      try {
        await navigator.clipboard.writeText(url.href);
        this.dialogStatus = labels.linkCopied();
      } catch {
        this.dialogStatus = url.href;
      }
    },
  };

  private selectDay(day: string): void {
    this.day = day;
  }

  private async onTabKeydown(e: KeyboardEvent, days: readonly string[], current: string): Promise<void> {
    const i = days.indexOf(current);
    const last = days.length - 1;
    const target =
      e.key === 'ArrowRight'
        ? i >= last
          ? 0
          : i + 1
        : e.key === 'ArrowLeft'
          ? i <= 0
            ? last
            : i - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : -1;
    if (target < 0) return;
    e.preventDefault();
    const day = days[target]!;
    this.selectDay(day);
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(`[role="tab"][data-day="${day}"]`)?.focus();
  }

  private toggleIn(set: ReadonlySet<string>, id: string, on: boolean): Set<string> {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  }

  private clearFilters(): void {
    this.query = '';
    this.venueFilter = new Set();
    this.typeFilter = new Set();
    this.starredOnly = false;
  }

  // --- rendering -------------------------------------------------------------------------------

  protected override renderContent(): unknown {
    return html`<div class="root view-${this.view}">
      ${this.renderResource(this.data, {
        ready: () => this.renderReady(),
        skeleton: () => this.renderSkeleton(),
        empty: () => labels.empty(),
      })}
    </div>`;
  }

  protected override renderSkeleton(): TemplateResult {
    if (this.view === 'screen')
      return html`<div class="skeleton-screen"><span class="skeleton sk-clock"></span><span class="skeleton sk-block"></span><span class="skeleton sk-block"></span></div>`;
    return html`<div class="skeleton-list">
      <span class="skeleton sk-toolbar"></span>
      <span class="skeleton sk-tabs"></span>
      ${[0, 1, 2, 3, 4].map(() => html`<span class="skeleton sk-card"></span>`)}
    </div>`;
  }

  private renderReady(): TemplateResult {
    const index = this.index;
    // The first data's index is built in a task of its own (`LoadSteps`): the loading view until then.
    if (!index) return this.renderSkeleton();
    const openId = this.details?.openId;
    const openItem = openId ? index.byId.get(openId) : undefined;
    if (this.view === 'screen') {
      const screen = this.screenView.get();
      if (!screen) return this.renderMissing(this.screenView, () => this.renderSkeleton());
      this.pager ??= new screen.ScreenPager(this);
      const ctx = this.context(index, new Set());
      return html`${screen.renderScreen(ctx, nowNext(index, ctx.now, this.venue || null), this.venue || null, this.pager, this.conferenceName)}`;
    }
    const day = this.selectedDay(index);
    const matches = this.filterAllDays(index);
    const shown = day ? (matches.perDay.get(day) ?? 0) : 0;
    const filtered = Boolean(this.query || this.venueFilter.size || this.typeFilter.size || this.starredOnly);
    const limit = day && !this.print.active ? this.limit(index, day, matches.ids) : null;
    const ctx = this.context(index, limit?.visible ?? matches.ids);
    const gridCode = this.view === 'grid' ? this.gridView.get() : undefined;
    const layout = day && gridCode ? this.grid(index, day, gridCode) : null;
    const asList = layout !== null && !this.gridFits(layout.columns.length);
    return html`
      ${this.renderImportBanner()}
      ${this.renderToolbar(index)}
      ${this.renderTabs(index, day, filtered ? matches.perDay : null)}
      ${
        this.print.active
          ? this.renderPaper(ctx, matches, filtered)
          : html`<div
            class="panel"
            role=${index.days.length > 1 ? 'tabpanel' : nothing}
            id="day-panel"
            aria-labelledby=${day && index.days.length > 1 ? `tab-${day}` : nothing}
          >
            <p class="visually-hidden" role="status" aria-live="polite">${filtered ? labels.results(shown) : ''}</p>
            ${
              shown === 0 && day
                ? html`<div class="status" part="empty">
                  <span>${labels.filteredEmpty()}</span>
                  <button type="button" class="button" @click=${this.clearFilters}>${labels.clearFilters()}</button>
                </div>`
                : nothing
            }
            ${asList ? html`<p class="grid-fallback" part="grid-fallback">${labels.gridTooNarrow()}</p>` : nothing}
            ${day ? (layout && !asList ? this.renderGrid(ctx, layout, gridCode!) : this.view === 'grid' && !gridCode ? this.renderMissing(this.gridView, () => this.renderCardsSkeleton()) : this.renderDayList(ctx, index, day)) : nothing}
            ${
              limit && limit.rest > 0
                ? html`<button type="button" class="button show-all" part="show-all-button" @click=${() => (this.showAll = true)}>
                  ${labels.showAll(limit.total)}
                </button>`
                : nothing
            }
          </div>`
      }
      ${this.renderDialog(ctx, openItem)}
    `;
  }

  /**
   * A view whose code is on its way: its skeleton (the grid's, not a flash of the list), or, when
   * it could not be fetched, saying so with a button to try again.
   */
  private renderMissing(
    view: Pick<OnDemandView<unknown>, 'failed' | 'retry'>,
    skeleton: () => TemplateResult,
  ): TemplateResult {
    if (!view.failed) return skeleton();
    return html`<div class="status error" part="error" role="alert">
      <p>${labels.partFailed()}</p>
      <button type="button" class="button" part="retry-button" @click=${() => view.retry()}>${labels.retry()}</button>
    </div>`;
  }

  private renderCardsSkeleton(): TemplateResult {
    return html`<div class="skeleton-list">${[0, 1, 2, 3, 4].map(() => html`<span class="skeleton sk-card"></span>`)}</div>`;
  }

  private renderGrid(ctx: ViewContext, layout: GridLayout, code: GridCode): TemplateResult {
    this.gridWindow ??= new code.GridWindow(this, () => this.renderRoot.querySelector<HTMLElement>('.grid-scroll'));
    return code.renderGrid(ctx, layout, this.gridWindow);
  }

  /** The `<dialog>` is always there (closed, it shows nothing); its content's code comes with the first open. */
  private renderDialog(ctx: ViewContext, item: ScheduleItem | undefined): TemplateResult {
    const code = this.dialogView.module;
    return html`<dialog
      ${ref(this.dialogRef)}
      part="dialog"
      aria-labelledby="dialog-title"
      @close=${() => this.details?.onClose()}
      @click=${(e: MouseEvent) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget) (e.currentTarget as HTMLDialogElement).close();
      }}
    >
      ${item && code ? code.renderDialogBody(ctx, item, { ...this.dialogActions, status: this.dialogStatus }) : nothing}
    </dialog>`;
  }

  /**
   * The paper programme: every day with matches, each under its date, as the list (a grid of
   * rooms does not fit a page); the filters in force named on top, since paper cannot show them.
   */
  private renderPaper(ctx: ViewContext, matches: Matches, filtered: boolean): TemplateResult {
    const { index, fmt } = ctx;
    const days = index.days.filter((d) => matches.perDay.has(d));
    return html`${
      filtered
        ? html`<p class="print-note" part="print-note">${labels.printFiltered(this.filterSummary(index), matches.ids.size, index.items.length)}</p>`
        : nothing
    }
      ${days.map((d) => {
        const items = index.byDay.get(d) ?? [];
        const h = headingTag(ctx.headingLevel);
        return staticHtml`<section class="print-day" data-day=${d}>
          <${h} class="print-day-title">${items[0] ? fmt.day(new Date(items[0].start)) : d}</${h}>
          ${renderList({ ...ctx, headingLevel: ctx.headingLevel + 1 }, this.listWindow.plan(groupBySlot(items), ctx.visible, true))}
        </section>`;
      })}`;
  }

  /** The selected day's list, windowed when the day is large. */
  private renderDayList(ctx: ViewContext, index: ScheduleIndex, day: string): TemplateResult {
    const planned = this.listWindow.plan(this.slots(index, day), ctx.visible, false);
    return renderList(
      ctx,
      planned,
      planned.some((p) => p.entries.some((e) => e.kind === 'gap')),
    );
  }

  /** The search, rooms, kinds and "my agenda only" in force, for the paper programme's note. */
  private filterSummary(index: ScheduleIndex): string {
    const parts = this.query ? [`“${this.query}”`] : [];
    for (const v of index.venues) if (this.venueFilter.has(v.id)) parts.push(v.name);
    for (const t of this.typeFilter) parts.push(typeLabel(t));
    if (this.starredOnly) parts.push(labels.starredOnly());
    return parts.join(', ');
  }

  private renderTabCount(n: number): TemplateResult {
    return html`<span class="tab-count ${n === 0 ? 'none' : ''}" part="day-tab-count" aria-hidden="true">${n}</span
      ><span class="visually-hidden">${labels.dayMatches(n)}</span>`;
  }

  private renderImportBanner(): TemplateResult | typeof nothing {
    const ids = this.pendingImport;
    if (!ids) return nothing;
    return html`<div class="import" part="import" role="region" aria-label=${labels.importTitle(ids.length)}>
      <p>${labels.importTitle(ids.length)}</p>
      <button type="button" class="button primary" @click=${this.importShared}>${labels.importAdd()}</button>
      <button type="button" class="button" @click=${this.dismissImport}>${labels.importDismiss()}</button>
    </div>`;
  }

  private renderToolbar(index: ScheduleIndex): TemplateResult {
    const venueSummary = this.venueFilter.size
      ? labels.venuesSome(this.venueFilter.size, index.venues.length)
      : labels.venuesAll();
    const day = this.selectedDay(index);
    const canJump = day !== null && this.nowSlot(index, day) >= 0;
    const active = (this.venueFilter.size ? 1 : 0) + this.typeFilter.size + (this.starredOnly ? 1 : 0);
    return html`<div class="toolbar no-print ${this.filtersOpen ? '' : 'folded'}" part="toolbar">
      <label class="search-field">
        <span class="visually-hidden">${labels.search()}</span>
        <input
          class="input"
          part="search"
          type="search"
          enterkeyhint="search"
          autocomplete="off"
          placeholder=${labels.searchPlaceholder()}
          .value=${this.query}
          @input=${(e: InputEvent) => (this.query = (e.target as HTMLInputElement).value)}
        />
      </label>
      ${
        canJump
          ? html`<button type="button" class="button now-jump" part="now-button" aria-label=${labels.nowJump()} title=${labels.nowJump()} @click=${() => this.jumpToNow(index, day!)}>${labels.now()}</button>`
          : nothing
      }
      <button
        type="button"
        class="button filters-toggle"
        part="filters-button"
        aria-expanded=${this.filtersOpen ? 'true' : 'false'}
        aria-controls="toolbar-filters"
        @click=${() => (this.filtersOpen = !this.filtersOpen)}
      >
        ${labels.filters()}${active ? html` <span class="tab-count">${active}</span>` : nothing}
      </button>
      <div class="foldable" id="toolbar-filters">
      ${renderVenueFilter(this.venuePopover, {
        venues: index.venues,
        chosen: this.venueFilter,
        summary: venueSummary,
        onToggle: (id) => (this.venueFilter = this.toggleIn(this.venueFilter, id, !this.venueFilter.has(id))),
      })}
      <fieldset class="type-filter" part="type-filter">
        <legend class="visually-hidden">${labels.types()}</legend>
        ${index.types.map(
          (t) => html`<label class="chip type-${t}"
            ><input
              type="checkbox"
              .checked=${this.typeFilter.has(t)}
              @change=${(e: Event) => (this.typeFilter = this.toggleIn(this.typeFilter, t, (e.target as HTMLInputElement).checked))}
            />${typeLabel(t)}</label
          >`,
        )}
        <label class="chip starred-only"
          ><input type="checkbox" .checked=${this.starredOnly} @change=${(e: Event) => (this.starredOnly = (e.target as HTMLInputElement).checked)} />${labels.starredOnly()}
          (${this.starred.size})</label
        >
      </fieldset>
      <div class="actions">
        <div class="view-switch" role="group" aria-label=${labels.layout()}>
          <button type="button" class="button" aria-pressed=${this.view === 'list' ? 'true' : 'false'} @click=${() => (this.view = 'list')}>${labels.list()}</button>
          <button type="button" class="button" aria-pressed=${this.view === 'grid' ? 'true' : 'false'} @click=${() => (this.view = 'grid')}>${labels.gridView()}</button>
        </div>
        <button type="button" class="button" part="share-button" @click=${this.share}>${labels.share()}</button>
        <button type="button" class="button" part="ics-agenda-button" @click=${() => this.downloadAgenda(index)}>${labels.icsAgenda()}</button>
      </div>
      </div>
      ${
        this.shareUrl
          ? html`<label class="share" part="share"
            >${labels.shareLink()}<input class="input" readonly .value=${this.shareUrl} @focus=${(e: FocusEvent) => (e.target as HTMLInputElement).select()}
          /></label>`
          : nothing
      }
      <p class="message" role="status">${this.message}</p>
    </div>`;
  }

  /** `counts`: matches per day while a search or filter is on, shown on each tab. */
  private renderTabs(
    index: ScheduleIndex,
    day: string | null,
    counts: ReadonlyMap<string, number> | null,
  ): TemplateResult | typeof nothing {
    if (index.days.length < 2 || !day) return nothing;
    const fmt = this.fmt;
    return html`<div class="tabs" role="tablist" aria-label=${labels.days()} part="day-tabs">
      ${index.days.map((d) => {
        const first = index.byDay.get(d)?.[0];
        const selected = d === day;
        return html`<button
          type="button"
          role="tab"
          part="day-tab"
          id="tab-${d}"
          data-day=${d}
          aria-selected=${selected ? 'true' : 'false'}
          aria-controls="day-panel"
          tabindex=${selected ? '0' : '-1'}
          @click=${() => this.selectDay(d)}
          @keydown=${(e: KeyboardEvent) => this.onTabKeydown(e, index.days, day)}
        >
          ${first ? fmt.shortDay(new Date(first.start)) : d}${counts ? this.renderTabCount(counts.get(d) ?? 0) : nothing}
        </button>`;
      })}
    </div>`;
  }
}
