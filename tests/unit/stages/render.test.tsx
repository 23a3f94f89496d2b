import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../../cli/render/render-page.tsx';
import type { BuildError } from '../../../cli/errors.ts';
import { CarouselSlide, CarouselTrack } from '../../../templates/components/Carousel.tsx';
import { Footer } from '../../../templates/layout/Footer.tsx';

describe('renderDocument', () => {
  it('fails with a TemplateError naming the component that used the language outside its provider', async () => {
    const errors: BuildError[] = [];
    const html = await renderDocument(
      <main>
        <Footer pages={{} as never} settings={{} as never} services={[]} buildYear={2026} />
      </main>,
      'templates/layout/Footer.tsx',
      errors,
    );
    expect(html).toBeUndefined();
    expect(errors.map((error) => error.code)).toEqual(['TemplateError']);
    expect(errors[0]!.message).toMatch(
      /^useLanguage\(\) was called outside <LanguageProvider>, rendering templates\/layout\/Footer\.tsx \(in <Footer>/,
    );
    // At the line that threw, with the lines around it.
    expect(errors[0]).toMatchObject({ file: 'templates/i18n.tsx', line: expect.any(Number) as number });
    expect(errors[0]!.frame).toMatch(
      /^> +\d+ \| +if \(!language\) throw new Error\('useLanguage\(\) was called outside/m,
    );
  });

  it.each([
    [
      'CarouselTrack',
      <CarouselTrack className="brand-row" labelledBy="brands-heading">
        {null}
      </CarouselTrack>,
    ],
    ['CarouselSlide', <CarouselSlide className="brand-slide">Woodys</CarouselSlide>],
  ])(
    'fails with a TemplateError naming the template that used <%s> outside a <Carousel> (ruling 12)',
    async (part, element) => {
      const errors: BuildError[] = [];
      const html = await renderDocument(<main>{element}</main>, 'templates/sections/BrandsSection.tsx', errors);
      expect(html).toBeUndefined();
      expect(errors.map((error) => error.code)).toEqual(['TemplateError']);
      expect(errors[0]!.message).toMatch(
        new RegExp(`^<${part}> was used outside <Carousel>, rendering templates/sections/BrandsSection\\.tsx`),
      );
      expect(errors[0]).toMatchObject({
        file: 'templates/components/Carousel.tsx',
        line: expect.any(Number) as number,
      });
    },
  );

  it('renders a document with its doctype', async () => {
    expect(
      await renderDocument(
        <html lang="ca">
          <body>Hola</body>
        </html>,
        'test',
        [],
      ),
    ).toBe('<!DOCTYPE html><html lang="ca"><head></head><body>Hola</body></html>');
  });
});
