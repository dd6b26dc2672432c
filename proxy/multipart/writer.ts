/**
 * The checked form, written again as `multipart/form-data` while it is read: the one copy of the
 * bytes the proxy holds for the upstream. Part headers are written by the proxy (the name, the
 * stored file name, the verified type), never copied from the client; contents are copied as
 * they arrive. The same boundary is kept: the reader found none of it inside a part's content.
 */
const encoder = new TextEncoder();

/** As browsers write names in a part header (HTML's multipart/form-data encoding). */
function quoted(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export class FormWriter {
  private bytes: Uint8Array;
  private size = 0;
  private readonly open: Uint8Array;
  private readonly close: Uint8Array;

  /**
   * `expected`: the body's declared length when known, so the output is allocated once (pages a
   * large allocation does not touch yet cost no memory); it grows by doubling otherwise.
   */
  constructor(
    private readonly boundary: string,
    expected: number | null,
  ) {
    this.bytes = new Uint8Array(expected === null ? 64 * 1024 : expected + 4096);
    this.open = encoder.encode(`--${boundary}\r\n`);
    this.close = encoder.encode(`--${boundary}--\r\n`);
  }

  get contentType(): string {
    return `multipart/form-data; boundary=${this.boundary}`;
  }

  textHeader(name: string): void {
    this.put(this.open);
    this.put(encoder.encode(`Content-Disposition: form-data; name="${quoted(name)}"\r\n\r\n`));
  }

  fileHeader(name: string, filename: string, type: string): void {
    this.put(this.open);
    this.put(
      encoder.encode(
        `Content-Disposition: form-data; name="${quoted(name)}"; filename="${quoted(filename)}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
    );
  }

  data(chunk: Uint8Array): void {
    this.put(chunk);
  }

  partEnd(): void {
    this.put(encoder.encode('\r\n'));
  }

  /** The whole body; the writer is done with. */
  finish(): Uint8Array {
    this.put(this.close);
    return this.bytes.subarray(0, this.size);
  }

  private put(chunk: Uint8Array): void {
    const need = this.size + chunk.length;
    if (need > this.bytes.length) {
      const grown = new Uint8Array(Math.max(need, this.bytes.length * 2));
      grown.set(this.bytes.subarray(0, this.size));
      this.bytes = grown;
    }
    this.bytes.set(chunk, this.size);
    this.size = need;
  }
}
