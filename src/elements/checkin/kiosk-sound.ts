/**
 * The kiosk's sounds, made with Web Audio (no files to load or cache): one short pattern per
 * outcome, distinct enough to tell apart without looking. The audio context starts on the first
 * sound, which follows a key press or tap (browsers allow audio after a user gesture).
 */
import type { CheckinStatus } from './checkin.model.js';

export type SoundKind = CheckinStatus | 'setup';

/** [frequency Hz, duration s] per tone, and the waveform. */
const PATTERNS: Record<SoundKind, { wave: OscillatorType; tones: [number, number][] }> = {
  'checked-in': {
    wave: 'sine',
    tones: [
      [880, 0.08],
      [1320, 0.16],
    ],
  },
  already: {
    wave: 'triangle',
    tones: [
      [660, 0.12],
      [660, 0.12],
    ],
  },
  refused: { wave: 'square', tones: [[220, 0.35]] },
  queued: {
    wave: 'sine',
    tones: [
      [520, 0.1],
      [440, 0.14],
    ],
  },
  setup: {
    wave: 'square',
    tones: [
      [180, 0.2],
      [180, 0.2],
    ],
  },
};

/** Vibration patterns (ms) where the device has a motor. */
const VIBRATION: Record<SoundKind, number[]> = {
  'checked-in': [60],
  already: [80, 60, 80],
  refused: [300],
  queued: [40, 40, 40],
  setup: [300, 100, 300],
};

export class KioskSound {
  private ctx: AudioContext | null = null;

  play(kind: SoundKind): void {
    try {
      this.ctx ??= new AudioContext();
      const ctx = this.ctx;
      if (ctx.state === 'suspended') void ctx.resume();
      const { wave, tones } = PATTERNS[kind];
      let t = ctx.currentTime + 0.01;
      for (const [freq, dur] of tones) {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = wave;
        osc.frequency.value = freq;
        // A short fade in and out: no clicks at the edges.
        gain.gain.setValueAtTime(0, t);
        gain.gain.linearRampToValueAtTime(0.25, t + 0.01);
        gain.gain.setValueAtTime(0.25, t + dur - 0.02);
        gain.gain.linearRampToValueAtTime(0, t + dur);
        osc.connect(gain).connect(ctx.destination);
        osc.start(t);
        osc.stop(t + dur);
        t += dur + 0.04;
      }
    } catch {
      // No audio device or Web Audio: the colour and the word still say it.
    }
  }

  vibrate(kind: SoundKind): void {
    try {
      navigator.vibrate?.(VIBRATION[kind]);
    } catch {
      // Not supported or not allowed: nothing to do.
    }
  }

  close(): void {
    void this.ctx?.close().catch(() => {});
    this.ctx = null;
  }
}
