/** One range of bytes of a file, first and last included. */
export interface ByteRange {
  readonly first: number;
  readonly last: number;
}

/**
 * What a `Range` header asks of a file of `size` bytes, decided as nginx decides
 * (tests/cli/serve.test.ts holds its answers): undefined to send the whole file (a unit other
 * than bytes; or several ranges, which nginx sends as a multipart answer and sirv cannot),
 * 'unsatisfiable' for a 416 (malformed, a last byte before the first, a first byte past the
 * end, an empty suffix), else the one range, its last byte clamped to the file's. A suffix
 * (`bytes=-500`) becomes the file's last bytes: sirv would send its first ones.
 */
export function readRange(header: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!/^bytes=/i.test(header)) return undefined;
  const spec = header.slice('bytes='.length);
  if (spec.includes(',')) return undefined;
  const parts = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(spec);
  if (!parts || (parts[1] === '' && parts[2] === '')) return 'unsatisfiable';
  const [first, last] = [
    parts[1] === '' ? undefined : Number(parts[1]),
    parts[2] === '' ? undefined : Number(parts[2]),
  ];
  if (first === undefined)
    return last === 0 || size === 0 ? 'unsatisfiable' : { first: Math.max(0, size - last!), last: size - 1 };
  if (first >= size || (last !== undefined && last < first)) return 'unsatisfiable';
  return { first, last: Math.min(last ?? size - 1, size - 1) };
}
