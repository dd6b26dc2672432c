import { defineElement } from '../../core/define.js';
import { ConfWorkshops } from './workshops.js';

export { ConfWorkshops };

defineElement('conf-workshops', ConfWorkshops);

declare global {
  interface HTMLElementTagNameMap {
    'conf-workshops': ConfWorkshops;
  }
}
