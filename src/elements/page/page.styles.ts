import { css } from 'lit';

export const pageStyles = css`
  :host {
    --_measure: var(--conf-page-measure, 70ch);
  }
  .conference {
    margin-block-end: calc(var(--_space) * 0.75);
  }
  article {
    max-width: var(--_measure);
  }
  h2 {
    font-size: 1.6em;
    line-height: 1.2;
    margin: 0 0 0.6em;
    overflow-wrap: anywhere;
  }
  .body p {
    margin: 0 0 1em;
    line-height: 1.6;
    overflow-wrap: anywhere;
  }
  .body p:last-child {
    margin-block-end: 0;
  }
  .page-skeleton {
    display: grid;
    gap: 0.75em;
  }
  .page-skeleton .title {
    height: 1.8em;
    width: 45%;
  }
  .page-skeleton .line {
    height: 4.5em;
  }
`;
