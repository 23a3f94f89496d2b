import { describe, expect, it } from 'vitest';
import { injectIslandScripts, islandsOf, weighScripts } from '../../../cli/lib/scripts.ts';
import type { ScriptManifest } from '../../../cli/types.ts';

/** loader → nothing; topbar → runtime? no; chat → ui (dynamic) → preact; carousel → shared. */
const scripts: ScriptManifest = {
  loader: '/assets/loader.js',
  widgets: {
    topbar: '/assets/topbar.js',
    chat: '/assets/chat.js',
    carousel: '/assets/carousel.js',
    consent: '/assets/consent.js',
  },
  chunks: {
    '/assets/loader.js': { gzip: 500, imports: [], dynamicImports: [] },
    '/assets/topbar.js': { gzip: 900, imports: ['/assets/shared.js'], dynamicImports: [] },
    '/assets/chat.js': { gzip: 300, imports: [], dynamicImports: ['/assets/panel.js'] },
    '/assets/panel.js': { gzip: 800, imports: ['/assets/preact.js'], dynamicImports: [] },
    '/assets/preact.js': { gzip: 6000, imports: [], dynamicImports: [] },
    '/assets/carousel.js': { gzip: 1200, imports: ['/assets/shared.js'], dynamicImports: [] },
    '/assets/shared.js': { gzip: 200, imports: [], dynamicImports: [] },
    '/assets/consent.js': { gzip: 400, imports: [], dynamicImports: [] },
  },
};
const island = (name: string, load = 'idle') => `<div data-island="${name}" data-load="${load}" data-props="{}"></div>`;

describe('islandsOf', () => {
  it('finds each island with its strategy, in order, on div and span markers', () => {
    expect(
      islandsOf(
        `<p>${island('topbar', 'load')}<span data-island="chat" data-load="interaction" data-props="{}"></span></p>`,
      ),
    ).toEqual([
      { name: 'topbar', load: 'load' },
      { name: 'chat', load: 'interaction' },
    ]);
  });
});

describe('weighScripts', () => {
  it('counts the loader and every island that loads by itself with its imports, each chunk once', () => {
    const weight = weighScripts(
      islandsOf(island('topbar', 'load') + island('carousel', 'visible') + island('chat')),
      scripts,
    );
    expect(weight.initial).toBe(500 + 900 + 200 + 1200 + 300);
    expect(weight.steps).toEqual([
      { island: 'loader', total: 500 },
      { island: 'topbar', total: 1600 },
      { island: 'carousel', total: 2800 },
      { island: 'chat', total: 3100 },
    ]);
  });

  it('counts code loaded on interaction apart: interaction islands and dynamic imports, transitively', () => {
    const weight = weighScripts(islandsOf(island('chat') + island('consent', 'interaction')), scripts);
    expect(weight.initial).toBe(500 + 300);
    expect(weight.onInteraction).toBe(800 + 6000 + 400);
  });

  it('weighs nothing for a page without islands', () => {
    expect(weighScripts([], scripts)).toEqual({ initial: 0, onInteraction: 0, steps: [] });
  });
});

describe('injectIslandScripts', () => {
  it('adds the manifest of the page’s widgets, the loader and preloads for load islands before </head>', () => {
    const html = injectIslandScripts(
      `<html><head><title>x</title></head><body>${island('topbar', 'load')}${island('chat')}</body></html>`,
      scripts,
    );
    expect(html).toContain(
      '<script type="application/json" id="island-manifest">{"topbar":"/assets/topbar.js","chat":"/assets/chat.js"}</script><script type="module" src="/assets/loader.js"></script><link rel="modulepreload" href="/assets/topbar.js"/><link rel="modulepreload" href="/assets/shared.js"/></head>',
    );
  });

  it('leaves the widgets the loader carries out of the manifest, and preloads what the loader imports', () => {
    const carrying: ScriptManifest = {
      ...scripts,
      widgets: { ...scripts.widgets, consent: '/assets/loader.js', page: '/assets/loader.js' },
      chunks: {
        ...scripts.chunks,
        '/assets/loader.js': { gzip: 1500, imports: ['/assets/store.js'], dynamicImports: [] },
        '/assets/store.js': { gzip: 300, imports: [], dynamicImports: [] },
      },
    };
    const html = injectIslandScripts(
      `<html><head></head><body>${island('consent', 'load')}${island('chat')}${island('page', 'load')}</body></html>`,
      carrying,
    );
    expect(html).toContain(
      '<script type="application/json" id="island-manifest">{"chat":"/assets/chat.js"}</script><script type="module" src="/assets/loader.js"></script><link rel="modulepreload" href="/assets/store.js"/></head>',
    );
    expect(weighScripts(islandsOf(html), carrying)).toEqual({
      initial: 1500 + 300 + 300,
      onInteraction: 800 + 6000,
      steps: [
        { island: 'loader', total: 1800 },
        { island: 'chat', total: 2100 },
      ],
    });
  });

  it('leaves a page without islands without any script', () => {
    expect(injectIslandScripts('<html><head></head><body></body></html>', scripts)).toBe(
      '<html><head></head><body></body></html>',
    );
  });
});
