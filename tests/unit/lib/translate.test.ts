import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuildError } from '../../../cli/errors.ts';
import { createTranslator } from '../../../cli/lib/translate.ts';
import type { Content, UiKey } from '../../../cli/types.ts';

const ui: Content['ui'] = {
  ca: { 'nav.home': 'Inici', 'nav.about': 'Qui som', 'footer.copyright': '© {year} {name}' },
  es: { 'nav.home': 'Inicio', 'footer.copyright': '© {year} {name}. Todos los derechos reservados.' },
  en: {},
};

afterEach(() => vi.restoreAllMocks());

describe('createTranslator', () => {
  it('gives the text of the locale, with its values filled in', () => {
    const t = createTranslator('es', 'ca', ui, () => undefined);
    expect(t('nav.home')).toBe('Inicio');
    expect(t('footer.copyright', { year: 2026, name: 'Òptica' })).toBe('© 2026 Òptica. Todos los derechos reservados.');
  });

  it('falls back to the default language’s text when the language has none', () => {
    expect(createTranslator('es', 'ca', ui, () => undefined)('nav.about')).toBe('Qui som');
    expect(createTranslator('en', 'ca', ui, () => undefined)('nav.home')).toBe('Inici');
  });

  it('gives a key cli/schemas/ui.ts does not declare as itself, and reports where to declare it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const problems: BuildError[] = [];
    const t = createTranslator('en', 'ca', ui, (problem) => problems.push(problem));
    expect(t('nav.blog' as UiKey)).toBe('nav.blog');
    expect(warn).not.toHaveBeenCalled();
    // Asked from outside templates/ (this test), so placed where the key would be declared.
    expect(problems.map((problem) => [problem.code, problem.file, problem.message])).toEqual([
      [
        'UnknownTranslationKey',
        'cli/schemas/ui.ts',
        'Translation key not found: "nav.blog" is not declared in cli/schemas/ui.ts',
      ],
    ]);
    expect(problems[0]!.hint).toMatch(
      /declare "nav\.blog" in cli\/schemas\/ui\.ts .* every content\/<language>\/ui\.yaml/,
    );
  });
});
