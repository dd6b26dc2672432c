import { defineElement } from '../../core/define.js';
import { ConfSiteNav } from './site-nav.js';

export { ConfSiteNav };

defineElement('conf-site-nav', ConfSiteNav);

declare global {
  interface HTMLElementTagNameMap {
    'conf-site-nav': ConfSiteNav;
  }
}
