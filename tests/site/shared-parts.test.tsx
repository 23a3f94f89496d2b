import { beforeAll, describe, expect, it } from 'vitest';
import { createPageRenderer, renderContextOf, type PageResult } from '../../cli/render/render-page.tsx';
import { listPageJobs } from '../../cli/stages/render.tsx';
import type { Site } from '../../cli/types.ts';
import { buildInMemory } from '../helpers/site.ts';

/**
 * The frame's shared parts (templates/components/Shared.tsx) are rendered once per language and
 * put into every page: each page must be, byte for byte, the page rendered whole in one pass,
 * with the same summary for the checks and the same lookups for the incremental build.
 */
describe('pages put together from shared parts', () => {
  let site: Site;
  beforeAll(async () => {
    ({ site } = await buildInMemory());
  });

  it('are every page rendered whole, with the same summary and lookups', async () => {
    const context = renderContextOf(site);
    const shared = createPageRenderer(context);
    const whole = createPageRenderer(context, undefined, { isSharing: false });
    const jobs = listPageJobs(site);
    const pages: [PageResult, PageResult][] = [];
    // One page after another in each renderer, as a render thread takes them.
    for (const job of jobs) pages.push([await shared(job), await whole(job)]);
    expect(pages.length).toBeGreaterThan(100);
    for (const [fromParts, rendered] of pages) {
      expect(rendered.html, rendered.paths[0]).toMatch(/^<!DOCTYPE html>/);
      expect(fromParts.html, fromParts.paths[0]).toBe(rendered.html);
      expect(fromParts.summary, fromParts.paths[0]).toEqual(rendered.summary);
      expect(fromParts.reads, fromParts.paths[0]).toEqual(rendered.reads);
      expect(fromParts.errors, fromParts.paths[0]).toEqual(rendered.errors);
    }
  });

  it('hold the footer of their own language, and no consent banner with nothing to consent to (ruling 32)', async () => {
    const render = createPageRenderer(renderContextOf(site));
    const jobs = listPageJobs(site).filter((job) => job.route.id === 'about');
    const pages = await Promise.all(jobs.map((job) => render(job)));
    const ui = site.content.ui;
    for (const [index, page] of pages.entries()) {
      const locale = jobs[index]!.route.locale;
      const heading = ui[locale]!['footer.visual']!.replaceAll("'", '&#x27;');
      expect(page.html).toContain(`<h2 id="footer-visual">${heading}</h2>`);
      expect(page.html).not.toContain(`data-island="cookie-consent"`);
      expect(page.html).not.toContain('data-shared');
      expect(page.html).not.toContain('<!--page-body-->');
    }
  });
});
