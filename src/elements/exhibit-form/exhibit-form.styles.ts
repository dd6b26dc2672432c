import { css } from 'lit';

export const exhibitFormStyles = css`
  .team-list {
    display: grid;
    gap: 0.6em;
  }
  .team-row {
    display: grid;
    gap: 0.3em;
  }
  .team-row > label {
    font-weight: 600;
  }
  .team-input {
    display: flex;
    gap: 0.5em;
    min-width: 0;
  }
  .team-input .input {
    flex: 1;
    min-width: 0;
  }
  .add-member {
    justify-self: start;
  }
  .methods-problem {
    display: grid;
    gap: 0.4em;
    justify-items: start;
    padding: 0.6em 0.8em;
    border-inline-start: 4px solid var(--_danger);
  }
  .methods-problem p {
    margin: 0;
  }
`;
