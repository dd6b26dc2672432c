import { css } from 'lit';

export const abstractFormStyles = css`
  .authors,
  .files {
    display: grid;
    gap: 0.6em;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .author-row {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: 0.4em;
  }
  .author-row .field {
    flex: 1 1 14em;
    min-width: 0;
  }
  .row-actions {
    display: flex;
    gap: 0.3em;
  }
  .button.small {
    min-width: 2.75em;
    min-height: 2.75em;
    padding: 0.3em 0.6em;
  }
  .files li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.4em;
  }
  .file-name {
    overflow-wrap: anywhere;
    font-weight: 600;
  }
  .registrant {
    margin: 0;
  }
  .button.link {
    border: none;
    background: none;
    padding: 0.2em 0;
    color: var(--_accent-text);
    text-decoration: underline;
  }
  .outcome h3 {
    margin: 0.4em 0 0;
    font-size: 1.05em;
  }
`;
