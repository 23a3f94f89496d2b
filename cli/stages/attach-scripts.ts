import { injectIslandScripts, islandsOf } from '../lib/islands.ts';
import type { Output, ScriptManifest } from '../types.ts';

/** The widget names the pages place, sorted: what the widget bundle must contain. */
export function usedWidgets(outputs: readonly Output[]): string[] {
  const names = new Set<string>();
  for (const output of outputs) if (output.path.endsWith('.html')) for (const island of islandsOf(String(output.contents))) names.add(island.name);
  return [...names].sort();
}

/** Gives every page with islands its loader, island manifest and preloads; pure. */
export function attachScripts(outputs: readonly Output[], scripts: ScriptManifest): Output[] {
  return outputs.map((output) => (output.path.endsWith('.html') ? { ...output, contents: injectIslandScripts(String(output.contents), scripts) } : output));
}
