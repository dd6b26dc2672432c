import { defineElement } from '../../core/define.js';
import { ConfSchedule } from './schedule.js';

export { ConfSchedule };
export { ConfEventOpenEvent } from '../../events/conf-event-open.js';
export { ConfAgendaChangeEvent } from '../../events/conf-agenda-change.js';

defineElement('conf-schedule', ConfSchedule);

declare global {
  interface HTMLElementTagNameMap {
    'conf-schedule': ConfSchedule;
  }
}
