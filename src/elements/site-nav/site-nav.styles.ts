import { css } from 'lit';

export const siteNavStyles = css`
  nav {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5em var(--_space);
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.25em;
  }
  ul[hidden] {
    display: none;
  }
  a {
    display: inline-block;
    padding: 0.45em 0.75em;
    border-radius: var(--_radius);
    color: var(--_text);
    text-decoration: none;
    min-height: 2.5em;
    box-sizing: border-box;
  }
  a:hover {
    background: var(--_subtle);
    text-decoration: underline;
  }
  a[aria-current='page'] {
    color: var(--_accent-text);
    font-weight: 650;
    box-shadow: inset 0 -3px 0 var(--_primary);
  }
  /* Narrow: the links stack under the menu button, full width, easy to tap. */
  nav.collapsed {
    flex-direction: column;
    align-items: stretch;
  }
  nav.collapsed ul {
    flex-direction: column;
  }
  nav.collapsed a {
    display: block;
  }
  nav.collapsed a[aria-current='page'] {
    box-shadow: inset 3px 0 0 var(--_primary);
  }
  .menu {
    align-self: flex-start;
  }
  .burger,
  .burger::before,
  .burger::after {
    display: inline-block;
    width: 1em;
    height: 2px;
    background: currentColor;
    position: relative;
  }
  .burger::before,
  .burger::after {
    content: '';
    position: absolute;
    inset-inline-start: 0;
  }
  .burger::before {
    top: -0.3em;
  }
  .burger::after {
    top: 0.3em;
  }
  .nav-skeleton {
    /* The height of the nav it stands for (a row of links, or the menu button on a phone). */
    height: 2.5em;
  }
  @media (forced-colors: active) {
    a[aria-current='page'] {
      text-decoration: underline;
      text-decoration-thickness: 3px;
    }
  }
`;
