import { describe, expect, it } from 'vitest';
import { openPage } from '../helpers/browser.ts';
import { useServedSite } from '../helpers/fixture.ts';

const site = useServedSite();

const WIDTHS = [320, 375, 768, 1024, 1440];

describe('regression: reviews clipped in boxes of fixed height (issue 27)', () => {
  it.each([
    ['ca', true],
    ['es', true],
    ['en', true],
    ['ca', false],
    ['es', false],
    ['en', false],
  ] as const)(
    'shows every review whole in %s at 320 to 1440 px (JavaScript %s): nothing hidden in its text or its card',
    async (language, javaScriptEnabled) => {
      const { page } = await openPage(
        site.browser,
        site.url,
        { width: WIDTHS[0]!, height: 900 },
        { javaScriptEnabled },
      );
      await page.goto(`${site.url}/${language}/`);
      await page.evaluate(() => document.fonts.ready);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        // Reading the sizes lays the page out at the new width first.
        const hidden = await page
          .locator('.review')
          .evaluateAll((reviews) =>
            reviews.flatMap((review, index) =>
              [review, review.querySelector('.review__text')!].flatMap((box) =>
                box.scrollHeight > box.clientHeight + 1
                  ? [`review ${index + 1} ${box.className}: ${box.scrollHeight - box.clientHeight} px hidden`]
                  : [],
              ),
            ),
          );
        expect(hidden, `${width} px`).toEqual([]);
      }
      expect(await page.locator('.review').count()).toBe(5);
      await page.context().close();
    },
  );
});
