/**
 * What one kiosk keeps on its device, in localStorage under its storage name: the kiosk token
 * (typed or scanned once on the setup screen, never in the page), location, mode, sounds,
 * camera, the PIN's salted hash (`kiosk-pin.ts`) and the delay after wrong PINs, the conference's
 * dates for attendance days, counters and the last scans. The scans waiting to be sent are in
 * IndexedDB (`scan-queue.ts`). Any script of the page's origin can read all of it: see the README's
 * Kiosk section on giving kiosks their own origin.
 */
import {
  MODES,
  readCounters,
  type CheckinStatus,
  type ConferenceDates,
  type Counters,
  type Mode,
} from './checkin.model.js';
import { readPinAttempts, readPinRecord, type PinAttempts, type PinRecord } from './kiosk-pin.js';

export type Facing = 'environment' | 'user';

export interface KioskSettings {
  token: string | null;
  location: string | null;
  mode: Mode | null;
  sounds: boolean;
  camera: boolean;
  facing: Facing;
  pin: PinRecord | null;
  dates: ConferenceDates | null;
}

export interface HistoryEntry {
  code: string;
  status: CheckinStatus;
  name: string | null;
  /** Epoch ms of the scan. */
  at: number;
}

export const HISTORY_LENGTH = 8;

const DEFAULTS: KioskSettings = {
  token: null,
  location: null,
  mode: null,
  sounds: true,
  camera: false,
  facing: 'environment',
  pin: null,
  dates: null,
};

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the kiosk keeps working from memory for this session.
  }
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

function readDates(v: unknown): ConferenceDates | null {
  const r = (v ?? {}) as Record<string, unknown>;
  const startsOn = text(r.startsOn);
  const endsOn = text(r.endsOn);
  const timeZone = text(r.timeZone);
  return startsOn && endsOn && timeZone ? { startsOn, endsOn, timeZone } : null;
}

export class KioskStorage {
  constructor(readonly name: string) {}

  private key(what: string): string {
    return `conf-checkin:${this.name}:${what}`;
  }

  settings(): KioskSettings {
    const r = (readJson(this.key('settings')) ?? {}) as Record<string, unknown>;
    return {
      token: text(r.token),
      location: text(r.location),
      mode: (MODES as readonly unknown[]).includes(r.mode) ? (r.mode as Mode) : null,
      sounds: typeof r.sounds === 'boolean' ? r.sounds : DEFAULTS.sounds,
      camera: r.camera === true,
      facing: r.facing === 'user' ? 'user' : 'environment',
      pin: readPinRecord(r.pin),
      dates: readDates(r.dates),
    };
  }

  saveSettings(s: KioskSettings): void {
    writeJson(this.key('settings'), s);
  }

  /**
   * Removes a PIN kept in an earlier, weak form (an unsalted SHA-256 digest, or `plain:1234` on
   * plain-http pages) or a PIN record this kiosk would not have made, together with the token it
   * protected, so the kiosk asks for its setup again; waiting scans stay. Keeping the weak digest
   * until the next unlock would leave the PIN recoverable in a second; dropping only the PIN would
   * leave the setup open. True when something was removed.
   */
  dropWeakPin(): boolean {
    const raw = readJson(this.key('settings'));
    if (!raw || typeof raw !== 'object') return false;
    const r = raw as Record<string, unknown>;
    // Earlier versions wrote `pinDigest: null` on kiosks without a PIN: nothing weak there.
    const weak =
      (typeof r.pinDigest === 'string' && r.pinDigest !== '') || (r.pin != null && readPinRecord(r.pin) === null);
    if (!weak) return false;
    const { pinDigest: _digest, pin: _pin, token: _token, ...rest } = r;
    writeJson(this.key('settings'), rest);
    return true;
  }

  pinAttempts(now: number): PinAttempts {
    return readPinAttempts(readJson(this.key('pin-attempts')), now);
  }

  savePinAttempts(a: PinAttempts): void {
    writeJson(this.key('pin-attempts'), a);
  }

  counters(): Counters {
    return readCounters(readJson(this.key('counters')));
  }

  saveCounters(c: Counters): void {
    writeJson(this.key('counters'), c);
  }

  history(): HistoryEntry[] {
    const v = readJson(this.key('history'));
    return Array.isArray(v)
      ? (v as HistoryEntry[]).filter((e) => typeof e?.code === 'string').slice(0, HISTORY_LENGTH)
      : [];
  }

  saveHistory(h: HistoryEntry[]): void {
    writeJson(this.key('history'), h.slice(0, HISTORY_LENGTH));
  }
}
