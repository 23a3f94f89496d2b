/**
 * The names of `candidates` nearest to `name`, alphabetically, at most `limit`: the ones at the
 * smallest edit distance (insert, delete, replace, swap two neighbours), as commander suggests
 * a command. A name counts only within a third of the longer name's length, and never less
 * than 2 edits: "sunglasses" finds "sun-glasses" and "orto-k" finds "ortho-k", while a name
 * nothing resembles gets no suggestion rather than a wild one.
 */
export function nearestNames(name: string, candidates: Iterable<string>, limit = 3): string[] {
  const scored: { candidate: string; distance: number }[] = [];
  for (const candidate of new Set(candidates)) {
    if (candidate === name) continue;
    const allowed = Math.max(2, Math.floor(Math.max(name.length, candidate.length) / 3));
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance <= allowed) scored.push({ candidate, distance });
  }
  const best = Math.min(...scored.map(({ distance }) => distance));
  return scored
    .filter(({ distance }) => distance === best)
    .map(({ candidate }) => candidate)
    .sort()
    .slice(0, limit);
}

/** Optimal string alignment distance: Levenshtein's, with a swap of two neighbouring characters as one edit. */
function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}
