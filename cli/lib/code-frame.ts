/**
 * The lines around a place in a text, as Vite and Babel show them: two above, the line with a
 * `>` and a caret under its column, one below. `line` counts from 1, `col` in characters (code
 * points) from 1, as an editor counts them; the gutter numbers the text's first line
 * `firstLine`, for a text that starts below the top of its file. Empty when the line is not in the text.
 */
export function codeFrameIn(text: string, line: number, col: number, firstLine = 1): string {
  const lines = text.split(/\r?\n/);
  if (line < 1 || line > lines.length) return '';
  const first = Math.max(1, line - 2);
  const last = Math.min(lines.length, line + 1);
  const width = String(last + firstLine - 1).length;
  const rows: string[] = [];
  for (let number = first; number <= last; number++) {
    const gutter = `${number === line ? '>' : ' '} ${String(number + firstLine - 1).padStart(width)} |`;
    rows.push(`${gutter} ${lines[number - 1]}`.trimEnd());
    if (number === line) {
      // A tab stays a tab, so the caret lines up whatever width the terminal gives tabs.
      const indent = [...(lines[number - 1] ?? '')].slice(0, col - 1).map((char) => (char === '\t' ? '\t' : ' '));
      rows.push(`  ${' '.repeat(width)} | ${indent.join('')}^`);
    }
  }
  return rows.join('\n');
}
