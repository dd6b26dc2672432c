/**
 * The conference's name, dates and city, as `<conf-page>` and `<conf-site-nav>` show them with
 * `show-conference`: one look for both, so a page and its navigation agree.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { conferenceDates, type SiteConference } from './site.js';

export function renderConference(conference: SiteConference | null, locale: string): TemplateResult | typeof nothing {
  if (!conference) return nothing;
  const meta = [conferenceDates(conference, locale), conference.city].filter(Boolean).join(' · ');
  return html`<div class="conference" part="conference">
    <span class="conference-name" part="conference-name">${conference.name}</span>
    ${meta ? html`<span class="conference-meta" part="conference-meta">${meta}</span>` : nothing}
  </div>`;
}

export const conferenceStyles = css`
  .conference {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.15em 0.75em;
  }
  .conference-name {
    font-weight: 700;
  }
  .conference-meta {
    color: var(--_muted);
    font-size: 0.92em;
  }
`;
