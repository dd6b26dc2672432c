import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  attachmentProblem,
  buildAbstractBody,
  controlOfPath,
  moveItem,
  readAbstractDraft,
  toFormData,
} from './abstract-form.model.js';

const file = (name: string, type = 'application/pdf', size = 100) => ({ name, type, size });

describe('abstract form model', () => {
  it('accepts PDFs (by type, or by name when the browser gave none) up to 10 MB and 5 files', () => {
    assert.equal(attachmentProblem(file('a.pdf'), 0), null);
    assert.equal(attachmentProblem(file('a.PDF', ''), 4), null);
    assert.equal(attachmentProblem(file('a.pdf'), 5), 'count');
    assert.equal(attachmentProblem(file('a.png', 'image/png'), 0), 'type');
    assert.equal(attachmentProblem(file('a.txt', ''), 0), 'type');
    assert.equal(attachmentProblem(file('a.pdf', 'application/pdf', 0), 0), 'empty');
    assert.equal(attachmentProblem(file('a.pdf', 'application/pdf', 10 * 1024 * 1024), 0), null);
    assert.equal(attachmentProblem(file('a.pdf', 'application/pdf', 10 * 1024 * 1024 + 1), 0), 'size');
  });

  it('builds the body: trimmed, authors without a name left out, files by reference', () => {
    const f = new File(['%PDF-1.7'], 'paper.pdf', { type: 'application/pdf', lastModified: 7 });
    const body = buildAbstractBody(' reg-1 ', ' Title ', ['Ada', ' ', ' Grace '], [f]);
    assert.deepEqual(body, {
      registrationId: 'reg-1',
      title: 'Title',
      authors: [{ fullName: 'Ada' }, { fullName: 'Grace' }],
      attachments: [{ name: 'paper.pdf', size: 8, lastModified: 7 }],
    });
  });

  it('multipart body: text fields, authors as JSON, the referenced files in order as attachments[]; a file no longer chosen fails', async () => {
    const a = new File(['%PDF-a'], 'a.pdf', { type: 'application/pdf', lastModified: 1 });
    const b = new File(['%PDF-bb'], 'b.pdf', { type: 'application/pdf', lastModified: 2 });
    const body = buildAbstractBody('r', 't', ['Ada'], [b, a]);
    const form = toFormData(body, [a, b]);
    assert.equal(form.get('registrationId'), 'r');
    assert.deepEqual(JSON.parse(String(form.get('authors'))), [{ fullName: 'Ada' }]);
    assert.deepEqual(
      form.getAll('attachments[]').map((x) => (x as File).name),
      ['b.pdf', 'a.pdf'],
    );
    // PHP keeps only the last file of a plain name repeated; no part may go under it.
    assert.deepEqual(form.getAll('attachments'), []);
    assert.throws(() => toFormData(body, [a]), /b\.pdf/);
  });

  it('moves rows within bounds', () => {
    assert.deepEqual(moveItem(['a', 'b', 'c'], 2, 0), ['c', 'a', 'b']);
    assert.deepEqual(moveItem(['a', 'b', 'c'], 0, 9), ['b', 'c', 'a']);
    assert.deepEqual(moveItem(['a', 'b'], 5, 0), ['a', 'b']);
  });

  it('reads drafts tolerantly and maps attachment paths to the file control', () => {
    assert.equal(readAbstractDraft(null), null);
    assert.equal(readAbstractDraft({ authors: [''] }), null);
    assert.deepEqual(readAbstractDraft({ title: 'T', authors: ['A', 3, 'B'] }), {
      title: 'T',
      registrationId: '',
      authors: ['A', 'B'],
    });
    assert.deepEqual(readAbstractDraft({ registrationId: 'r', authors: 'x' }), {
      title: '',
      registrationId: 'r',
      authors: [''],
    });
    assert.equal(controlOfPath('attachments.3'), 'attachments');
    assert.equal(controlOfPath('attachments'), 'attachments');
    assert.equal(controlOfPath('authors.0.fullName'), 'authors.0.fullName');
  });
});
