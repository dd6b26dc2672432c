/**
 * Saves an .ics file through a Blob and an object URL: no data: URL length limits, nothing inline
 * that a Content-Security-Policy would block. The URL is revoked once the download has started.
 * Fetched on demand, with the calendar writer, when a calendar button is pressed.
 */
import { icsFileName, toIcs, type IcsOptions } from './ics.model.js';
import type { ScheduleItem } from './schedule.model.js';

export function downloadIcs(text: string, fileName: string, within: ShadowRoot | HTMLElement): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  within.append(a);
  a.click();
  a.remove();
  // Revoking synchronously can cancel the download in some browsers; one timer, not kept.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `items` as one calendar file named after `title` (the event's, or "My agenda"). */
export function downloadCalendar(
  items: readonly ScheduleItem[],
  title: string,
  options: IcsOptions,
  within: ShadowRoot | HTMLElement,
): void {
  downloadIcs(toIcs(items, options), icsFileName(title), within);
}
