/**
 * Saves an .ics file through a Blob and an object URL: no data: URL length limits, nothing inline
 * that a Content-Security-Policy would block. The URL is revoked once the download has started.
 */
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
