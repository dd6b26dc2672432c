import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { levelAt, plateauIndex } from '../bench/plateau.js';

describe('memory soak plateau', () => {
  it('is the first sample after which nothing rises more than 5% above the highest so far', () => {
    const series = [100, 150, 180, 190, 170, 195, 160, 199, 185, 190];
    assert.equal(plateauIndex(series), 3);
    assert.equal(levelAt(series, 3), 190);
    // A sawtooth around a level: the plateau is where the level was first reached.
    assert.equal(plateauIndex([100, 250, 300, 230, 290, 310, 240, 305, 280, 300, 260, 312]), 2);
  });

  it('is none while growth goes on to the end, or when the series flattens only at its end', () => {
    assert.equal(plateauIndex([100, 110, 121, 133, 146, 161, 177, 195, 214]), null);
    // 1% a sample is under 5% between neighbours but not over a third of the run.
    assert.equal(plateauIndex(Array.from({ length: 30 }, (_, i) => 100 * 1.01 ** i)), null);
    assert.equal(plateauIndex([100, 120, 140, 160, 180, 200, 220, 240, 241, 241]), null);
  });
});
