import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { paragraphs } from './page.model.js';

describe('paragraphs', () => {
  it('splits on blank lines and keeps single line breaks as lines', () => {
    assert.deepEqual(paragraphs('One.\n\nTwo, line 1\nline 2\n\n\n\nThree.'), [
      ['One.'],
      ['Two, line 1', 'line 2'],
      ['Three.'],
    ]);
  });
  it('treats whitespace-only lines and CRLF as separators, and drops empty paragraphs', () => {
    assert.deepEqual(paragraphs('\r\n  A\r\n \t \r\nB  \r\n'), [['A'], ['B']]);
    assert.deepEqual(paragraphs(''), []);
    assert.deepEqual(paragraphs(' \n\n \n'), []);
  });
  it('keeps markup-like text as typed', () => {
    assert.deepEqual(paragraphs('<b>bold</b> &amp; <script>x</script>'), [['<b>bold</b> &amp; <script>x</script>']]);
  });
});
