/**
 * One payment-proof file of a form: checked before sending (type, size, and whether its first
 * bytes are of its type, as the proxy and the sandbox check them), uploaded through the
 * proxy with progress as soon as it is chosen, retried on demand. The form waits for
 * {@link UploadController.settled} before it submits, so the `storage://` URI is always the one
 * of the file the person sees.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ApiError } from '../api/errors.js';
import { proofFileProblem } from '../api/proof-file.js';
import type { UploadKind } from '../api/upload.js';
import { asApiError } from './resource-controller.js';
import { isRetryable } from './submission-controller.js';

/** Waits before the automatic re-uploads after an outage; then the person's retry button. */
const BACKOFF_MS = [600, 1500];

export type UploadPhase = 'empty' | 'invalid' | 'uploading' | 'done' | 'failed';

export class UploadController implements ReactiveController {
  phase: UploadPhase = 'empty';
  file: File | null = null;
  /** 0..1 while uploading. */
  progress = 0;
  /** The `storage://` URI once uploaded. */
  uri: string | null = null;
  /** Why the file was not sent (checked locally; `content`: its bytes are not of its type). */
  problem: 'type' | 'size' | 'empty' | 'content' | null = null;
  /** The server's (or the network's) error of the last upload. */
  error: ApiError | null = null;

  private running: Promise<string | null> | null = null;
  private abort: AbortController | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly kind: UploadKind,
    private readonly endpoint: () => string,
    /** Query parameters the upload kind needs, read when it starts (the workshop proof's `workshopRegistrationId`). */
    private readonly query: () => Record<string, string> = () => ({}),
  ) {
    host.addController(this);
  }

  /** Takes the chosen file (or none) and starts its upload when it passes the checks. */
  select(file: File | null): void {
    this.abort?.abort();
    this.file = file;
    this.uri = null;
    this.error = null;
    this.progress = 0;
    this.problem = file ? proofFileProblem(file) : null;
    if (!file) this.set('empty');
    else if (this.problem) this.set('invalid');
    else void this.start();
  }

  /** Uploads the current file again (after a failure). */
  retry(): Promise<string | null> {
    return this.file && !this.problem ? this.start() : Promise.resolve(null);
  }

  clear(): void {
    this.select(null);
  }

  /** The URI once the current upload ends; null when there is no valid file or it failed. */
  settled(): Promise<string | null> {
    if (this.phase === 'uploading' && this.running) return this.running;
    return Promise.resolve(this.uri);
  }

  hostDisconnected(): void {
    this.abort?.abort();
  }

  private start(): Promise<string | null> {
    const file = this.file!;
    const abort = (this.abort = new AbortController());
    this.error = null;
    this.progress = 0;
    this.set('uploading');
    const run = this.send(file, abort.signal);
    this.running = run;
    return run;
  }

  /** Uploads, repeating after an outage a few times: a new upload never harms, a lost one does. */
  private async send(file: File, signal: AbortSignal): Promise<string | null> {
    // A file renamed to .pdf (or saved as HTML) is refused by the proxy; say so before sending it.
    // The signature table loads with the first file sent: no first paint needs it.
    // The upload code comes with it (a form without a file never needs it). A chunk that cannot
    // be loaded fails the upload, with the retry the person has for any failed upload.
    let code: [typeof import('../api/file-signature.js'), typeof import('../api/upload.js')];
    try {
      code = await Promise.all([import('../api/file-signature.js'), import('../api/upload.js')]);
    } catch (e) {
      if (signal.aborted) return null;
      this.error = new ApiError(
        0,
        'client_error',
        `The upload could not start: ${e instanceof Error ? e.message : String(e)}`,
      );
      this.set('failed');
      return null;
    }
    const [{ SIGNATURE_HEAD_BYTES, checkFileSignature }, { uploadFile }] = code;
    const head = new Uint8Array(await file.slice(0, SIGNATURE_HEAD_BYTES).arrayBuffer());
    if (signal.aborted) return null;
    if (!checkFileSignature(file.type, head).ok) {
      this.problem = 'content';
      this.set('invalid');
      return null;
    }
    for (let attempt = 0; ; attempt++) {
      try {
        const uri = await uploadFile(this.endpoint(), this.kind, file, {
          signal,
          query: this.query(),
          onProgress: (f) => {
            this.progress = f;
            this.host.requestUpdate();
          },
        });
        if (signal.aborted) return null;
        this.uri = uri;
        this.set('done');
        return uri;
      } catch (e) {
        // A replaced or removed file's upload ends quietly; the new one reports for itself.
        if (signal.aborted) return null;
        const error = e instanceof ApiError ? e : asApiError(e);
        const wait = BACKOFF_MS[attempt];
        if (isRetryable(error) && wait !== undefined) {
          this.progress = 0;
          await new Promise((r) => setTimeout(r, wait));
          if (signal.aborted) return null;
          continue;
        }
        this.error = error;
        this.set('failed');
        return null;
      }
    }
  }

  private set(phase: UploadPhase): void {
    this.phase = phase;
    this.host.requestUpdate();
  }
}
