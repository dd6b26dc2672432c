/**
 * The kiosk's camera: a video stream and a barcode detector looking at it a few times a second.
 * The browser's own `BarcodeDetector` where it has one; else the ZXing polyfill, imported only
 * now (its own chunk and WebAssembly file), so a kiosk with a hand scanner never downloads it.
 *
 * The WebAssembly comes from beside this code: the build puts `zxing-reader-<hash>.wasm` next to
 * the chunks (or the single-file element) and names it here, so a kiosk loads its decoder from
 * wherever it loaded its code (the proxy), offline and under a CSP without third-party hosts.
 * `decoder-wasm` overrides it. Only the unbuilt sources (npm users' own bundlers) have no file of
 * their own: there, without `decoder-wasm`, the polyfill's default (its CDN) applies.
 */
import type { Facing } from './kiosk-settings.js';

interface DetectedCode {
  rawValue: string;
}
interface Detector {
  detect(source: HTMLVideoElement): Promise<DetectedCode[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

const FORMATS = ['qr_code', 'code_128'];

/** Set by the bundle's build (`scripts/bundle-plugins.mjs`): the decoder's file, relative to this chunk. */
declare const __CONF_DECODER_WASM__: string | undefined;

/** Where the built bundle put the decoder, resolved against this module's own URL; null in unbuilt sources. */
export function bundledDecoderUrl(): string | null {
  // Through a variable: the build replaces the name, and a literal `new URL('./x.wasm', import.meta.url)`
  // would be taken by the bundler for a file of the sources.
  const file: unknown = typeof __CONF_DECODER_WASM__ === 'string' ? __CONF_DECODER_WASM__ : null;
  return typeof file === 'string' ? new URL(file, import.meta.url).href : null;
}

async function createDetector(wasmUrl: string | null): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native) {
    try {
      return new native({ formats: FORMATS });
    } catch {
      // A browser that has the class without these formats: the polyfill below.
    }
  }
  const polyfill = await import('barcode-detector/ponyfill');
  wasmUrl ??= bundledDecoderUrl();
  if (wasmUrl) {
    // Without this the polyfill fetches its WebAssembly from a CDN, which a venue's network or
    // an offline kiosk may not reach.
    polyfill.prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    });
  }
  return new polyfill.BarcodeDetector({ formats: ['qr_code', 'code_128'] });
}

/** How often a frame is examined: often enough to feel instant, rare enough for a cheap tablet. */
const SCAN_INTERVAL_MS = 150;

export class CameraScanner {
  private stream: MediaStream | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  torchAvailable = false;

  constructor(private readonly wasmUrl: string | null) {}

  /** Starts the camera into `video`; codes found go to `onCode`. Rejects when no camera can be opened. */
  async start(video: HTMLVideoElement, facing: Facing, onCode: (code: string) => void): Promise<void> {
    this.stopped = false;
    const [stream, detector] = await Promise.all([
      navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: facing } }, audio: false }),
      createDetector(this.wasmUrl),
    ]);
    if (this.stopped) {
      for (const t of stream.getTracks()) t.stop();
      return;
    }
    this.stream = stream;
    video.srcObject = stream;
    video.muted = true;
    video.playsInline = true;
    await video.play().catch(() => {});
    const track = stream.getVideoTracks()[0];
    const caps = (track?.getCapabilities?.() ?? {}) as { torch?: boolean };
    this.torchAvailable = caps.torch === true;
    const look = async () => {
      if (this.stopped) return;
      try {
        if (video.readyState >= 2) {
          for (const c of await detector.detect(video)) if (c.rawValue) onCode(c.rawValue);
        }
      } catch {
        // A frame that cannot be read (resizing, a decoder hiccup): try the next one.
      }
      if (!this.stopped) this.timer = setTimeout(() => void look(), SCAN_INTERVAL_MS);
    };
    void look();
  }

  async torch(on: boolean): Promise<void> {
    const track = this.stream?.getVideoTracks()[0];
    if (!track || !this.torchAvailable) return;
    // `torch` is not in TypeScript's MediaTrackConstraintSet yet.
    await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] }).catch(() => {});
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const t of this.stream?.getTracks() ?? []) t.stop();
    this.stream = null;
  }
}
