import { problemOn, type BuiltSite, type GateProblem, type GateResult } from './built-site.ts';

/** Every HTML file against html-validate's recommended rules. */
export async function checkHtml(site: BuiltSite): Promise<GateResult> {
  const { HtmlValidate } = await import('html-validate');
  const validator = new HtmlValidate({
    extends: ['html-validate:recommended'],
    rules: {
      // Redirect stubs are meant to refresh at once (docs/behaviour.md#redirects).
      'meta-refresh': 'off',
      // React writes void elements as <meta/> and boolean attributes as required="": both valid HTML.
      'void-style': 'off',
      'attribute-boolean-style': ['error', { style: 'empty' }],
      'attribute-empty-style': ['error', { style: 'empty' }],
    },
  });
  const problems: GateProblem[] = [];
  for (const page of site.pages) {
    const report = await validator.validateString(page.html, page.file);
    for (const result of report.results)
      for (const message of result.messages)
        problems.push(
          problemOn(page, 'InvalidHtml', `${message.ruleId}: ${message.message}`, {
            line: message.line,
            col: message.column,
          }),
        );
  }
  return { gate: 'html', checked: site.pages.length, problems };
}
