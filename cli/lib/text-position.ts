/** A 1-based line and column, the column counted in characters as an editor counts them. */
export interface TextPosition {
  readonly line: number;
  readonly col: number;
}

/**
 * Finds line and column of offsets (UTF-16 indexes, as JavaScript strings count) in one text.
 * Columns count characters (code points), so a character outside the Basic Multilingual Plane,
 * an emoji, is one column as in an editor, not two; a tab is one column too.
 */
export function positionsIn(text: string): (offset: number) => TextPosition {
  let starts: number[] | undefined;
  return (offset) => {
    starts ??= lineStartsOf(text);
    const at = Math.max(0, Math.min(offset, text.length));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, col: characterCount(text, starts[low]!, at) + 1 };
  };
}

/** Line and column of one offset of a text (see `positionsIn`). */
export function positionAt(text: string, offset: number): TextPosition {
  return positionsIn(text)(offset);
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

/** Code points between two offsets: UTF-16 units less the second halves of surrogate pairs. */
function characterCount(text: string, from: number, to: number): number {
  let count = 0;
  for (let index = from; index < to; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0xdc00 || unit > 0xdfff || index === from) count++;
    else if (text.charCodeAt(index - 1) < 0xd800 || text.charCodeAt(index - 1) > 0xdbff) count++;
  }
  return count;
}
