/**
 * The kiosk's camera as a Lit controller: starts the {@link CameraScanner} on the element's
 * `<video>` (after the render that made it), hands each code it reads to the element, switches
 * between the front and back camera, works the torch, and stops the stream when the element
 * leaves the page or the main screen.
 */
import { msg } from '@lit/localize';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { webUrl } from '../../core/web-url.js';
import { CameraScanner } from './camera-scanner.js';
import type { Facing } from './kiosk-settings.js';

export interface KioskCameraOptions {
  /** The preview element, once rendered. */
  video(): HTMLVideoElement | undefined;
  /** The `decoder-wasm` attribute: where the polyfill's WebAssembly comes from. */
  decoderWasm(): string | null;
  /** A code the camera read. */
  onCode(code: string): void;
}

export class KioskCameraController implements ReactiveController {
  /** Why the camera could not start, shown under the preview; null while it runs or is off. */
  error: string | null = null;
  torchOn = false;
  private scanner: CameraScanner | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: KioskCameraOptions,
  ) {
    host.addController(this);
  }

  /** Started (or starting): a second start does nothing. */
  get running(): boolean {
    return this.scanner !== null;
  }

  /** The running camera has a torch the page may switch. */
  get torchAvailable(): boolean {
    return this.scanner?.torchAvailable ?? false;
  }

  hostDisconnected(): void {
    this.stop();
  }

  async start(facing: Facing): Promise<void> {
    if (this.scanner) return;
    await this.host.updateComplete;
    const video = this.options.video();
    if (!video) return;
    // Only an http(s) or relative address may choose where the decoder's code comes from.
    const decoderWasm = this.options.decoderWasm();
    const wasm = webUrl(decoderWasm);
    if (decoderWasm && !wasm) {
      console.warn(
        `<conf-checkin>: decoder-wasm is not an http(s) or relative address; using the decoder served beside the kiosk's code.`,
      );
    }
    const scanner = new CameraScanner(wasm);
    this.scanner = scanner;
    this.error = null;
    try {
      await scanner.start(video, facing, (code) => this.options.onCode(code));
    } catch (e) {
      this.scanner = null;
      scanner.stop();
      this.error =
        msg('The camera could not be started.', { id: 'checkin.camera-failed' }) +
        (e instanceof Error ? ` (${e.name})` : '');
    }
    // Either way the preview's tools change (the torch button, or the error).
    this.host.requestUpdate();
  }

  stop(): void {
    this.scanner?.stop();
    this.scanner = null;
    if (this.torchOn) {
      this.torchOn = false;
      this.host.requestUpdate();
    }
  }

  /** The other camera of the device. */
  switchTo(facing: Facing): void {
    this.stop();
    void this.start(facing);
  }

  toggleTorch(): void {
    this.torchOn = !this.torchOn;
    void this.scanner?.torch(this.torchOn);
    this.host.requestUpdate();
  }
}
