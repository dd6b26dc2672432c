/**
 * What one kiosk keeps on its device, in localStorage under its storage name: the kiosk token
 * (typed or scanned once on the setup screen, never in the page), location, mode, sounds,
 * camera, the PIN's digest, the conference's dates for attendance days, counters and the last
 * scans. The scans waiting to be sent are in IndexedDB (`scan-queue.ts`).
 */
import { MODES, readCounters, type CheckinStatus, type ConferenceDates, type Counters, type Mode } from './checkin.model.js';

export type Facing = 'environment' | 'user';

export interface KioskSettings {
  token: string | null;
  location: string | null;
  mode: Mode | null;
  sounds: boolean;
  camera: boolean;
  facing: Facing;
  pinDigest: string | null;
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
  token: null, location: null, mode: null, sounds: true, camera: false, facing: 'environment', pinDigest: null, dates: null,
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
      pinDigest: text(r.pinDigest),
      dates: readDates(r.dates),
    };
  }

  saveSettings(s: KioskSettings): void {
    writeJson(this.key('settings'), s);
  }

  counters(): Counters {
    return readCounters(readJson(this.key('counters')));
  }

  saveCounters(c: Counters): void {
    writeJson(this.key('counters'), c);
  }

  history(): HistoryEntry[] {
    const v = readJson(this.key('history'));
    return Array.isArray(v) ? (v as HistoryEntry[]).filter((e) => typeof e?.code === 'string').slice(0, HISTORY_LENGTH) : [];
  }

  saveHistory(h: HistoryEntry[]): void {
    writeJson(this.key('history'), h.slice(0, HISTORY_LENGTH));
  }
}

/** A PIN is kept only as a digest, so the device's storage does not show it. */
export async function pinDigest(pin: string): Promise<string> {
  const bytes = new TextEncoder().encode(`conf-checkin-pin:${pin}`);
  if (!crypto.subtle) return `plain:${pin}`; // outside a secure context there is no WebCrypto
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
