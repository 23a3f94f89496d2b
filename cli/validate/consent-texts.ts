import { BuildError } from '../errors.ts';
import { uiKeys, type UiKey } from '../schemas/ui.ts';
import { positionAt } from '../lib/text-position.ts';
import { parseYaml } from '../lib/yaml-lines.ts';
import type { Locale, Settings, SourceFile } from '../types.ts';

/** The optional cookie categories, each with the setting that turns it on. */
const CATEGORIES = { analytics: 'analyticsId', marketing: 'marketingTag' } as const satisfies Record<
  string,
  keyof Settings
>;
type Category = keyof typeof CATEGORIES;

/**
 * How the site's languages speak of each category (analytics, analítica, analítiques; marketing,
 * màrqueting, advertising, publicitàries, publicitarias). A language added later is read for its
 * own name of the category (`cookie.analytics`) too.
 */
const WORDS: Record<Category, RegExp> = {
  analytics: /anal[iíy]t/iu,
  marketing: /m[aà]rqueting|marketing|publicit|advertis/iu,
};

/** A category's texts: its keys of the translation table (`cookie.analytics…`), shown only with its setting. */
const keysOf = (category: Category): UiKey[] => uiKeys.filter((key) => key.startsWith(`cookie.${category}`));

/** The consent texts shown whatever the settings: the banner's and the preferences' other keys. */
const ALWAYS_SHOWN = uiKeys.filter(
  (key) =>
    key.startsWith('cookie.') && !Object.keys(CATEGORIES).some((category) => key.startsWith(`cookie.${category}`)),
);

/** A page is a cookie policy when it writes the table of what the site stores. */
const POLICY = /^\s*\{\{\s*cookie-table\s*\}\}\s*$/m;
/** A page is a privacy policy when it writes who may send data abroad. */
const PRIVACY_POLICY = /^\s*\{\{\s*international-transfers\s*\}\}\s*$/m;
const CATEGORIES_BLOCK = /^\s*\{\{\s*consent-categories\s*\}\}\s*$/m;
const CHOICE_BLOCK = /^\s*\{\{\s*consent-choice\s*\}\}\s*$/m;

/**
 * Consent texts speak only of what the settings turn on (docs/behaviour.md#cookie-consent). A
 * category's texts are its own keys of the translation table, and the cookie policy describes
 * it through `{{consent-categories}}` (the privacy policy, its processing through
 * `{{analytics-processing}}`), all shown only with its setting; so a text shown whatever the
 * settings (the banner's, the preferences', a cookie or privacy policy's own words) that
 * speaks of a category the settings leave off is refused at its line and key. A category the
 * settings turn on needs its texts in every language, and every cookie policy to place
 * `{{consent-categories}}`, or it would go undescribed.
 */
export function checkConsentTexts(
  files: readonly SourceFile[],
  ui: Readonly<Record<Locale, Partial<Record<UiKey, string>>>>,
  settings: Settings,
  codes: readonly Locale[],
  errors: BuildError[],
): void {
  const settingsFile = files.find((file) => file.path === 'site.yaml');
  const settingAt = (category: Category) => {
    const name = CATEGORIES[category];
    const line = settingsFile ? parseYaml(settingsFile.text, settingsFile.file).positionOf([name]).line : undefined;
    return `content/site.yaml${line ? `:${line}` : ''} (${name})`;
  };
  const isPage = (file: SourceFile) => codes.includes(file.path.split('/')[0]!) && file.path.endsWith('.md');
  const policies = files.filter((file) => isPage(file) && file.text.includes('cookie-table') && POLICY.test(file.text));
  // The privacy policy describes a category's processing through its block too ({{analytics-processing}}).
  const privacyPolicies = files.filter(
    (file) => isPage(file) && file.text.includes('international-transfers') && PRIVACY_POLICY.test(file.text),
  );
  // How consent is given and withdrawn, or why none is asked, follows the settings too.
  for (const policy of policies.filter((file) => !CHOICE_BLOCK.test(file.text)))
    errors.push(
      new BuildError(
        'ConsentMismatch',
        'this cookie policy does not say how consent is given and withdrawn, or why none is asked, as the settings have it: write {{consent-choice}} where that section goes',
        { file: policy.file },
      ),
    );
  for (const category of Object.keys(CATEGORIES) as Category[]) {
    const isOn = settings[CATEGORIES[category]] !== '';
    if (isOn) {
      requireTexts(category, settingAt(category), files, ui, codes, errors);
      for (const policy of policies.filter((file) => !CATEGORIES_BLOCK.test(file.text)))
        errors.push(
          new BuildError(
            'ConsentMismatch',
            `${settingAt(category)} turns ${category} on, but this cookie policy does not describe it: write {{consent-categories}} where its section goes`,
            { file: policy.file },
          ),
        );
      continue;
    }
    for (const code of codes) {
      const words = wordsOf(category, ui[code]);
      const table = files.find((file) => file.path === `${code}/ui.yaml`);
      // Read again for its positions only when the table, as validated, speaks of the category.
      const speaks = ALWAYS_SHOWN.some((key) => words.test(ui[code]?.[key] ?? ''));
      if (table && speaks) refuseInTable(category, words, table, errors);
      for (const policy of [...policies, ...privacyPolicies].filter((file) => file.path.startsWith(`${code}/`))) {
        // A block's name is not the page's words: blanked out, every offset stays the text's.
        const prose = policy.text.replace(/\{\{[^}]*\}\}/g, (block) => ' '.repeat(block.length));
        const match = words.exec(prose);
        if (match)
          errors.push(
            new BuildError(
              'ConsentMismatch',
              `this ${policies.includes(policy) ? 'cookie' : 'privacy'} policy speaks of ${category} ("${wordAt(policy.text, match.index)}"), which content/site.yaml does not turn on (${CATEGORIES[category]} is empty)`,
              { file: policy.file, ...positionAt(policy.text, match.index) },
            ),
          );
      }
    }
  }
}

/** The words that name a category in a language: the site's languages' words, and the table's own name for it. */
function wordsOf(category: Category, table: Partial<Record<UiKey, string>> | undefined): RegExp {
  const name = table?.[`cookie.${category}`]?.trim();
  const escaped = name?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped ? `${WORDS[category].source}|${escaped}` : WORDS[category].source, 'iu');
}

/** The whole word of a text around an offset. */
function wordAt(text: string, offset: number): string {
  const isLetter = (char: string | undefined) => char !== undefined && /[\p{L}\p{M}]/u.test(char);
  let start = offset;
  let end = offset;
  while (isLetter(text[start - 1])) start -= 1;
  while (isLetter(text[end])) end += 1;
  return text.slice(start, end);
}

/** Refuses the always-shown consent texts of a translation table that speak of a category left off. */
function refuseInTable(category: Category, words: RegExp, table: SourceFile, errors: BuildError[]): void {
  let source: ReturnType<typeof parseYaml>;
  try {
    source = parseYaml(table.text, table.file);
  } catch {
    // A table that does not parse has its own error already.
    return;
  }
  const texts = (source.data ?? {}) as Record<string, unknown>;
  for (const key of ALWAYS_SHOWN) {
    const text = texts[key];
    const match = typeof text === 'string' ? words.exec(text) : null;
    if (!match) continue;
    const word = wordAt(text as string, match.index);
    // At the word itself when the value's line holds it as written (not escaped in quotes).
    const value = source.positionOf([key]);
    const column = table.text.split('\n')[value.line - 1]?.indexOf(word, value.col - 1) ?? -1;
    errors.push(
      new BuildError(
        'ConsentMismatch',
        `"${key}" is shown whatever the settings but speaks of ${category} ("${word}"), which content/site.yaml does not turn on (${CATEGORIES[category]} is empty)`,
        { file: table.file, line: value.line, col: column >= 0 ? column + 1 : value.col },
      ),
    );
  }
}

/**
 * A category the settings turn on needs every one of its texts in every language, with no
 * fallback to the default language's (whose missing texts are errors already).
 */
function requireTexts(
  category: Category,
  setting: string,
  files: readonly SourceFile[],
  ui: Readonly<Record<Locale, Partial<Record<UiKey, string>>>>,
  codes: readonly Locale[],
  errors: BuildError[],
): void {
  for (const code of codes.slice(1))
    for (const key of keysOf(category).filter((name) => ui[code]?.[name] === undefined)) {
      const table = files.find((file) => file.path === `${code}/ui.yaml`);
      errors.push(
        new BuildError(
          'ConsentMismatch',
          `"${key}" has no ${code} text, but ${setting} turns ${category} on: the banner, the preferences and the cookie policy must describe it in every language`,
          { file: table?.file ?? `content/${code}/ui.yaml` },
        ),
      );
    }
}
