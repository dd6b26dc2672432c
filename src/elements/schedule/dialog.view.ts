/**
 * The event detail dialog's content, in the native modal `<dialog>` the element renders (focus
 * trapped and returned by the browser, Escape closes it): description, speakers, venue and time,
 * plus the event's actions (a workshop's links to its enroll view in `<conf-workshops>`,
 * `#workshop-<id>`). Fetched on demand, on the first open or deep link, with the dialog's sheets
 * and its controller (see `OnDemandView`).
 */
import { msg } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import { workshopHash } from '../../core/deep-link.js';
import { renderCloseButton } from '../../core/detail-dialog-close.js';
import { closeButtonStyles } from '../../core/detail-dialog.styles.js';
import { dialogStyles } from './dialog.styles.js';
import { typeLabel } from './labels.js';
import type { ScheduleItem } from './schedule.model.js';
import { starButton, timeRange, venueName, type ViewContext } from './view-context.js';

/** The dialog's own texts, fetched with it. */
const dialogLabels = {
  icsEvent: () => msg('Add to calendar (.ics)', { id: 'schedule.ics-event' }),
  copyLink: () => msg('Copy link', { id: 'schedule.copy-link' }),
  speakers: () => msg('Speakers', { id: 'schedule.speakers' }),
  venue: () => msg('Room', { id: 'schedule.venue' }),
  time: () => msg('Time', { id: 'schedule.time' }),
  track: () => msg('Track', { id: 'schedule.track' }),
};

export { DetailDialogController } from '../../core/detail-dialog-controller.js';
export const dialogSheets = [dialogStyles, closeButtonStyles];

export interface DialogActions {
  close(): void;
  downloadIcs(item: ScheduleItem): void;
  copyLink(item: ScheduleItem): void;
  /** Status text after an action (link copied …), announced politely. */
  readonly status: string;
}

function paragraphs(text: string): TemplateResult[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => html`<p>${p}</p>`);
}

export function renderDialogBody(ctx: ViewContext, item: ScheduleItem, actions: DialogActions): TemplateResult {
  const { event, venue, speakers } = item;
  return html`<article class="dialog-body">
    <header class="dialog-head">
      <span class="badge" part="badge">${typeLabel(event.type)}</span>
      ${starButton(ctx, item)}
      <form method="dialog" class="dialog-close-form">
        ${renderCloseButton()}
      </form>
    </header>
    <h2 id="dialog-title" class="dialog-title">${event.title}</h2>
    <dl class="facts">
      <div>
        <dt>${dialogLabels.time()}</dt>
        <dd>${ctx.fmt.day(new Date(item.start))}, ${timeRange(ctx.fmt, item)}</dd>
      </div>
      <div>
        <dt>${dialogLabels.venue()}</dt>
        <dd>${venueName(item)}${venue?.floor ? html` · ${venue.floor}` : nothing}</dd>
      </div>
      ${event.track ? html`<div><dt>${dialogLabels.track()}</dt><dd class="track">${event.track}</dd></div>` : nothing}
    </dl>
    ${event.description ? html`<div class="description">${paragraphs(event.description)}</div>` : nothing}
    ${
      speakers.length
        ? html`<section class="dialog-speakers" aria-labelledby="dialog-speakers">
          <h3 id="dialog-speakers">${dialogLabels.speakers()}</h3>
          <ul>
            ${speakers.map(
              (s) => html`<li>
                <strong>${s.fullName}</strong>${
                  s.jobTitle || s.affiliation
                    ? html`<span class="affiliation">${[s.jobTitle, s.affiliation].filter(Boolean).join(', ')}</span>`
                    : nothing
                }
              </li>`,
            )}
          </ul>
        </section>`
        : nothing
    }
    <footer class="dialog-actions">
      <button type="button" class="button" part="ics-button" @click=${() => actions.downloadIcs(item)}>${dialogLabels.icsEvent()}</button>
      <button type="button" class="button" part="copy-link-button" @click=${() => actions.copyLink(item)}>${dialogLabels.copyLink()}</button>
      ${
        event.workshopId
          ? html`<a class="button" part="workshop-link" href=${workshopHash(event.workshopId)} @click=${() => actions.close()}>
            ${msg('Enroll in this workshop', { id: 'schedule.workshop-enroll' })}</a>`
          : nothing
      }
      <span class="action-status" role="status">${actions.status}</span>
    </footer>
  </article>`;
}
