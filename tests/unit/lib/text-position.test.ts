import { describe, expect, it } from 'vitest';
import { positionAt, positionsIn } from '../../../cli/lib/text-position.ts';

describe('positionsIn', () => {
  it('gives lines and columns from 1, columns in characters', () => {
    const text = 'ab\n😀x\r\n\tyz';
    const at = positionsIn(text);
    expect(at(0)).toEqual({ line: 1, col: 1 });
    expect(at(2)).toEqual({ line: 1, col: 3 });
    expect(at(3)).toEqual({ line: 2, col: 1 });
    expect(at(5)).toEqual({ line: 2, col: 2 });
    expect(at(text.indexOf('y'))).toEqual({ line: 3, col: 2 });
    expect(positionAt(text, text.length)).toEqual({ line: 3, col: 4 });
  });
});
