import { css } from 'lit';

export const workshopsStyles = css`
  .grid {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .card {
    display: grid;
    gap: 0.6em;
    align-content: start;
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  .card-skeleton {
    min-height: 16em;
    border-radius: var(--_radius);
  }
  .card .card-title {
    margin: 0;
    font-size: 1.1em;
  }
  .card .button {
    justify-self: start;
    text-decoration: none;
  }
  .toolbar {
    margin-block-end: var(--_space);
  }
  .mark {
    justify-self: start;
    padding: 0.1em 0.6em;
    border-radius: 999px;
    background: var(--_subtle);
    color: var(--_accent-text);
    font-weight: 600;
    font-size: 0.9em;
  }
  .full-description {
    white-space: pre-line;
    overflow-wrap: break-word;
  }
  .description {
    margin: 0;
    color: var(--_muted);
    display: -webkit-box;
    -webkit-line-clamp: 4;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
  .facts {
    display: grid;
    gap: 0.2em;
    margin: 0;
  }
  .facts div {
    display: flex;
    flex-wrap: wrap;
    gap: 0 0.4em;
  }
  .facts dt {
    font-weight: 600;
  }
  .facts dt::after {
    content: ':';
  }
  .facts dd {
    margin: 0;
  }
  .local {
    color: var(--_muted);
  }
  .enroll {
    display: grid;
    gap: var(--_space);
  }
  .enroll .view-title {
    margin: 0;
    font-size: 1.35em;
  }
  .button.link {
    justify-self: start;
    border: none;
    background: none;
    padding: 0.2em 0;
    color: var(--_accent-text);
    text-decoration: underline;
  }
  .registrant {
    margin: 0;
  }
  .payment {
    display: grid;
    gap: 0.6em;
    padding-block-start: 0.6em;
    border-block-start: 1px solid var(--_border);
  }
  .payment .payment-title {
    margin: 0;
  }
  .ok {
    color: var(--_accent-text);
  }
`;
