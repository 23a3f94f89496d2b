/**
 * How a message names the field at `path` of a file's data: its dotted path in quotes, and
 * inside an entry of a collection that has an id, the entry by its id and the path below it
 * (`entry "ruby": "body.ca"`), since an editor finds an entry by its id, not by counting
 * entries from 0 (`"4.body.ca"`). `the file` for the whole file.
 */
export function describeField(path: readonly PropertyKey[], data: unknown): string {
  const [first, ...rest] = path;
  const id = typeof first === 'number' && Array.isArray(data) ? idOf(data[first]) : undefined;
  if (id === undefined) return path.length > 0 ? `"${path.map(String).join('.')}"` : 'the file';
  return rest.length > 0 ? `entry "${id}": "${rest.map(String).join('.')}"` : `entry "${id}"`;
}

/** An entry's id as written, when it has one that names it: a text or a number. */
function idOf(entry: unknown): string | undefined {
  if (!entry || typeof entry !== 'object' || !('id' in entry)) return undefined;
  const { id } = entry;
  return (typeof id === 'string' && id.trim() !== '') || typeof id === 'number' ? String(id) : undefined;
}
