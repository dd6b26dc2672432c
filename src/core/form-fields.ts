/**
 * Form controls shared by the form elements: one labelled control per field, its help text and
 * its error beside it (tied with `aria-describedby`), and the upload control with its progress.
 * Values live in the element (a name → string map read from native `input` events), so these are
 * plain templates; the element owns validation and the server's errors.
 */
import { msg, str } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { live } from 'lit/directives/live.js';
import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES } from '../api/contract.js';
import type { UploadController } from './upload-controller.js';

export type InputKind = 'text' | 'email' | 'select' | 'checkbox' | 'number' | 'date' | 'textarea' | 'url' | 'tel';

export interface FieldSpec {
  /** Control name; the key of its value and of its server error. */
  name: string;
  label: string;
  kind: InputKind;
  required?: boolean;
  options?: readonly { value: string; label: string }[];
  help?: string;
  /**
   * Content that depends on the answer (a ticket's description, a payment method's bank details):
   * shown below the control as body text, so it never moves the control the person is using.
   */
  note?: string;
  autocomplete?: string;
  maxlength?: number;
  placeholder?: string;
  /** Pattern for `url` fields (e.g. https only). */
  pattern?: string;
  /** What the pattern asks for, in words: the message when the answer does not match it. */
  patternHint?: string;
}

/** What a field needs from its form. */
export interface FieldState {
  value(name: string): string;
  /** The message shown beside the control (the server's, or the browser's after a submit). */
  error(name: string): string | undefined;
}

/** Id of a control in the shadow root; control names hold dots (`presenter.email`). */
export const controlId = (name: string): string => 'f-' + name.replace(/[^A-Za-z0-9_-]/g, '-');

const describedBy = (id: string, help: boolean, error: boolean, note = false): string | undefined =>
  [help ? `${id}-help` : '', note ? `${id}-note` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') ||
  undefined;

export function requiredMark(required: boolean | undefined): TemplateResult | typeof nothing {
  return required ? html`<span class="req" aria-hidden="true">*</span>` : nothing;
}

export function fieldError(id: string, error: string | undefined): TemplateResult | typeof nothing {
  return error ? html`<p class="field-error" id="${id}-error" part="field-error">${error}</p>` : nothing;
}

export function renderField(state: FieldState, f: FieldSpec): TemplateResult {
  const id = controlId(f.name);
  const error = state.error(f.name);
  const value = state.value(f.name);
  const desc = describedBy(id, !!f.help, !!error, !!f.note);
  const help = f.help ? html`<p class="help" id="${id}-help">${f.help}</p>` : nothing;
  const invalid = error ? 'true' : undefined;

  if (f.kind === 'checkbox') {
    return html`<div class="field check" part="field" data-field=${f.name}>
      <input id=${id} name=${f.name} type="checkbox" ?required=${!!f.required} .checked=${live(value === 'true')}
        aria-describedby=${ifDefined(desc)} aria-invalid=${ifDefined(invalid)} />
      <label for=${id}>${f.label}${requiredMark(f.required)}</label>
      ${help}${fieldError(id, error)}
    </div>`;
  }
  const label = html`<label for=${id}>${f.label}${requiredMark(f.required)}</label>`;
  let control: TemplateResult;
  if (f.kind === 'select') {
    control = html`<select id=${id} name=${f.name} class="input" part="input" ?required=${!!f.required}
      aria-describedby=${ifDefined(desc)} aria-invalid=${ifDefined(invalid)} .value=${live(value)}>
      <option value="" ?selected=${value === ''}>${msg('Choose…', { id: 'form.choose' })}</option>
      ${(f.options ?? []).map((o) => html`<option value=${o.value} ?selected=${o.value === value}>${o.label}</option>`)}
    </select>`;
  } else if (f.kind === 'textarea') {
    control = html`<textarea id=${id} name=${f.name} class="input" part="input" rows="3" ?required=${!!f.required}
      maxlength=${ifDefined(f.maxlength)} aria-describedby=${ifDefined(desc)} aria-invalid=${ifDefined(invalid)}
      .value=${live(value)}></textarea>`;
  } else {
    control = html`<input id=${id} name=${f.name} class="input" part="input" type=${f.kind} ?required=${!!f.required}
      autocomplete=${ifDefined(f.autocomplete)} maxlength=${ifDefined(f.maxlength)} placeholder=${ifDefined(f.placeholder)}
      pattern=${ifDefined(f.pattern)} title=${ifDefined(f.patternHint)} aria-describedby=${ifDefined(desc)} aria-invalid=${ifDefined(invalid)}
      .value=${live(value)} />`;
  }
  const note = f.note ? html`<p class="note" id="${id}-note" part="field-note">${f.note}</p>` : nothing;
  return html`<div class="field" part="field" data-field=${f.name}>${label}${help}${control}${fieldError(id, error)}${note}</div>`;
}

/** Reads a native `input`/`change` event's control as a name and a string value. */
export function readControl(e: Event): { name: string; value: string; control: HTMLInputElement } | null {
  const el = e.target as HTMLInputElement | null;
  if (!el || !el.name || el.type === 'file' || el.dataset.ignore !== undefined) return null;
  return { name: el.name, value: el.type === 'checkbox' ? (el.checked ? 'true' : '') : el.value, control: el };
}

const ACCEPT = UPLOAD_CONTENT_TYPES.join(',');

/** Why the chosen file was not sent, in words. */
export function uploadProblemText(problem: 'type' | 'size' | 'empty' | 'content'): string {
  switch (problem) {
    case 'type':
      return msg('This file type is not accepted. Choose a PDF, PNG, JPEG or WebP file.', { id: 'form.upload.type' });
    case 'size':
      return msg(str`The file is larger than ${Math.round(UPLOAD_MAX_BYTES / 1024 / 1024)} MB.`, {
        id: 'form.upload.size',
      });
    case 'empty':
      return msg('The file is empty.', { id: 'form.upload.empty' });
    case 'content':
      return msg(
        'The file is not what its type says: its content is not a PDF, PNG, JPEG or WebP file. Choose the original file.',
        {
          id: 'form.upload.content',
        },
      );
  }
}

/** What the upload control shows of an upload (an `UploadController`, or a stand-in while its code loads). */
export interface UploadState {
  readonly phase: UploadController['phase'];
  readonly file: File | null;
  readonly progress: number;
  readonly problem: UploadController['problem'];
  readonly error: { readonly message: string } | null;
  retry(): unknown;
}

/**
 * A file control whose upload starts when a file is chosen: progress bar while sending, the
 * file's name when done, the reason and a retry button when it failed. `name` carries the body
 * field the server names in its errors (e.g. `paymentProofUrl`).
 */
export function renderUpload(
  upload: UploadState,
  f: { name: string; label: string; help?: string; required?: boolean; error?: string },
  onFile: (e: Event) => void,
): TemplateResult {
  const id = controlId(f.name);
  const local = upload.problem ? uploadProblemText(upload.problem) : undefined;
  const error = f.error ?? local ?? (upload.phase === 'failed' ? upload.error?.message : undefined);
  const pct = Math.round(upload.progress * 100);
  const statusId = `${id}-status`;
  const desc = [`${id}-help`, error ? `${id}-error` : '', upload.file ? statusId : ''].filter(Boolean).join(' ');
  return html`<div class="field upload" part="field upload" data-field=${f.name}>
    <label for=${id}>${f.label}${requiredMark(f.required)}</label>
    <p class="help" id="${id}-help">
      ${f.help ?? msg(str`PDF, PNG, JPEG or WebP, up to ${Math.round(UPLOAD_MAX_BYTES / 1024 / 1024)} MB.`, { id: 'form.upload.help' })}
    </p>
    <input id=${id} name=${f.name} type="file" class="input file" part="input" accept=${ACCEPT}
      ?required=${!!f.required && upload.phase !== 'done'} aria-describedby=${desc}
      aria-invalid=${ifDefined(error ? 'true' : undefined)} @change=${onFile} />
    ${
      upload.file
        ? html`<div class="upload-status" id=${statusId}>
          ${
            upload.phase === 'uploading'
              ? html`<progress part="progress" max="100" value=${pct} aria-label=${msg(str`Uploading ${upload.file.name}`, { id: 'form.upload.progress-label' })}></progress>
                <span>${msg(str`Uploading: ${pct}%`, { id: 'form.upload.progress' })}</span>`
              : upload.phase === 'done'
                ? html`<span class="ok" part="upload-done">${msg(str`${upload.file.name} uploaded.`, { id: 'form.upload.done' })}</span>`
                : nothing
          }
          ${
            upload.phase === 'failed'
              ? html`<button type="button" class="button" part="upload-retry" @click=${() => void upload.retry()}>
                ${msg('Upload again', { id: 'form.upload.retry' })}
              </button>`
              : nothing
          }
        </div>`
        : nothing
    }
    ${fieldError(id, error)}
  </div>`;
}
