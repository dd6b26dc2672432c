/**
 * The Rooms filter: a button opening a popover listbox of rooms, each with a check mark. The
 * panel floats over the programme (nothing below it moves), and closes on Escape (focus back on
 * the button), on a click or focus outside it, or with the button again. Keyboard: arrow keys,
 * Home and End move between rooms, Space or Enter ticks one.
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Venue } from '../../api/records.js';
import { labels } from './labels.js';

interface PopoverHost extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/** Open state, the focused room and the outside-click listener (held only while open). */
export class VenueFilterPopover implements ReactiveController {
  open = false;
  /** Index of the room holding the listbox's tab stop. */
  active = 0;

  constructor(private readonly host: PopoverHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.setOpen(false);
  }

  private get wrapper(): HTMLElement | null {
    return this.host.renderRoot.querySelector<HTMLElement>('.venue-filter');
  }

  private setOpen(open: boolean): void {
    if (open === this.open) return;
    this.open = open;
    if (open) document.addEventListener('pointerdown', this.onOutside, true);
    else document.removeEventListener('pointerdown', this.onOutside, true);
    this.host.requestUpdate();
  }

  private async focusActive(): Promise<void> {
    await this.host.updateComplete;
    this.wrapper?.querySelectorAll<HTMLElement>('[role="option"]')[this.active]?.focus();
  }

  /** Opens with the first ticked room (else the first) focused. */
  show(firstSelected: number): void {
    this.active = Math.max(0, firstSelected);
    this.setOpen(true);
    void this.focusActive();
  }

  async close(returnFocus: boolean): Promise<void> {
    this.setOpen(false);
    if (!returnFocus) return;
    await this.host.updateComplete;
    this.wrapper?.querySelector<HTMLElement>('.venue-toggle')?.focus();
  }

  private readonly onOutside = (e: Event): void => {
    const wrapper = this.wrapper;
    if (wrapper && !e.composedPath().includes(wrapper)) void this.close(false);
  };

  /** Focus moved somewhere outside the filter (Tab, or a click the pointer listener missed). */
  readonly onFocusOut = (e: FocusEvent): void => {
    const to = e.relatedTarget as Node | null;
    if (this.open && to && !this.wrapper?.contains(to)) void this.close(false);
  };

  onListKeydown(e: KeyboardEvent, count: number, toggle: (i: number) => void): void {
    const last = count - 1;
    const move = (i: number) => {
      e.preventDefault();
      this.active = i;
      this.host.requestUpdate();
      void this.focusActive();
    };
    switch (e.key) {
      case 'ArrowDown':
        return move(this.active >= last ? 0 : this.active + 1);
      case 'ArrowUp':
        return move(this.active <= 0 ? last : this.active - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(last);
      case ' ':
      case 'Enter':
        e.preventDefault();
        toggle(this.active);
        return;
      case 'Escape':
        e.preventDefault();
        // The dialog or page behind must not also take this Escape.
        e.stopPropagation();
        void this.close(true);
        return;
      default:
    }
  }
}

export interface VenueFilterOptions {
  venues: readonly Venue[];
  chosen: ReadonlySet<string>;
  summary: string;
  onToggle(id: string): void;
}

export function renderVenueFilter(popover: VenueFilterPopover, o: VenueFilterOptions): TemplateResult {
  const firstChosen = o.venues.findIndex((v) => o.chosen.has(v.id));
  const toggleAt = (i: number) => {
    const v = o.venues[i];
    if (v) o.onToggle(v.id);
  };
  return html`<div class="venue-filter ${popover.open ? 'open' : ''}" part="venue-filter" @focusout=${popover.onFocusOut}>
    <button
      type="button"
      class="button venue-toggle"
      aria-haspopup="listbox"
      aria-expanded=${popover.open ? 'true' : 'false'}
      aria-controls="venue-list"
      @click=${() => (popover.open ? popover.close(true) : popover.show(firstChosen))}
      @keydown=${(e: KeyboardEvent) => {
        if (e.key === 'ArrowDown' && !popover.open) {
          e.preventDefault();
          popover.show(firstChosen);
        } else if (e.key === 'Escape' && popover.open) {
          e.stopPropagation();
          void popover.close(true);
        }
      }}
    >
      ${labels.venues()}: ${o.summary}
    </button>
    <div class="venue-panel" ?hidden=${!popover.open}>
      <ul
        id="venue-list"
        role="listbox"
        aria-multiselectable="true"
        aria-label=${labels.venues()}
        @keydown=${(e: KeyboardEvent) => popover.onListKeydown(e, o.venues.length, toggleAt)}
      >
        ${o.venues.map((v, i) => {
          const on = o.chosen.has(v.id);
          return html`<li
            role="option"
            class="venue-option"
            data-venue=${v.id}
            aria-selected=${on ? 'true' : 'false'}
            tabindex=${i === popover.active ? '0' : '-1'}
            @click=${() => {
              popover.active = i;
              toggleAt(i);
            }}
          >
            <span class="tick" aria-hidden="true"></span>${v.name}
          </li>`;
        })}
      </ul>
    </div>
  </div>`;
}
