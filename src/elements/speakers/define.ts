import { defineElement } from '../../core/define.js';
import { ConfSpeakers } from './speakers.js';

export { ConfSpeakers };

defineElement('conf-speakers', ConfSpeakers);

declare global {
  interface HTMLElementTagNameMap {
    'conf-speakers': ConfSpeakers;
  }
}
