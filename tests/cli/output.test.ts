import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../cli/commands/build.ts';
import { copyProject, hashTree, runCli } from '../helpers/cli.ts';

let project: string;
beforeAll(async () => {
  project = await copyProject();
});
afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

describe('output', () => {
  it('writes byte-identical sites for the same input and clock', async () => {
    const env = { SOURCE_DATE_EPOCH: '1763683200' };
    const [first, second] = [
      await runCli(['build', '--quiet', '--out', 'one'], { cwd: project, env }),
      await runCli(['build', '--quiet', '--out', 'two'], { cwd: project, env }),
    ];
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(await hashTree(join(project, 'one'))).toBe(await hashTree(join(project, 'two')));
  });

  it('takes the copyright year from SOURCE_DATE_EPOCH', async () => {
    const result = await runCli(['build', '--quiet', '--out', 'year'], {
      cwd: project,
      env: { SOURCE_DATE_EPOCH: '1893456000' },
    });
    expect(result.code).toBe(0);
    expect(await readFile(join(project, 'year/en/index.html'), 'utf8')).toMatch(/© 2030 /);
  });

  it('copies public/ as it is and names the stylesheet by its content', async () => {
    await runCli(['build', '--quiet', '--out', 'assets'], { cwd: project });
    const logo = 'images/brands/woodys.svg';
    expect(await readFile(join(project, 'assets', logo))).toEqual(await readFile(join(project, 'public', logo)));
    const home = await readFile(join(project, 'assets/ca/index.html'), 'utf8');
    expect(home).toMatch(/<link rel="stylesheet" href="\/assets\/site\.[0-9a-f]{10}\.css"\/>/);
  });

  it('prints pages, bytes, stage timings and the example content still in use', async () => {
    const result = await runCli(['build', '--verbose', '--out', 'report'], { cwd: project });
    expect(result.stdout).toMatch(/Built \d+ pages, \d+ redirects and \d+ files \([\d.]+ KB\) in \d+ ms/);
    expect(result.stdout).toMatch(
      /load \d+ ms · bundle \d+ ms · widgets \d+ ms · validate \d+ ms · route \d+ ms · images \d+ ms · plan \d+ ms · render \d+ ms · hosts \d+ ms · verdict \d+ ms · compress \d+ ms · write \d+ ms · host folders \d+ ms · remember \d+ ms/,
    );
    // Every example value, under its file and that file's count, which add up to the whole.
    const [, total = '', files = ''] =
      /Example content still in use \((\d+) in (\d+) files\)/.exec(result.stdout) ?? [];
    const perFile = [...result.stdout.matchAll(/^ {2}(content\/\S+): (\d+)$/gm)];
    expect(perFile.map(([, file]) => file)).toEqual(
      expect.arrayContaining(['content/site.yaml', 'content/en/about.md']),
    );
    expect([perFile.length, perFile.reduce((sum, [, , count]) => sum + Number(count), 0)]).toEqual([
      Number(files),
      Number(total),
    ]);
    expect(result.stdout).toMatch(/^ {2}content\/site\.yaml: \d+\n(?: {4}- .+\n)*? {4}- contact\.phone$/m);
    expect(result.stdout).toMatch(/^ {2}content\/collections\/reviews\.yaml: \d+\n {4}- review-1$/m);
    // It ends with where the site went and what to run next, for the folder it went to.
    expect(result.stdout.trimEnd().split('\n').slice(-2)).toEqual([
      'The site is in report/.',
      'Next: npx sitegen preview -d report to browse it as a host serves it · npx sitegen check -d report for the quality gates',
    ]);
    expect(result.stdout).toMatch(
      /^ {2}\/es\/services\/orto-k\/ {2}[\d.]+ KB · JS [\d.]+ KB \+ [\d.]+ KB · CSS [\d.]+ KB$/m,
    );
    expect(result.stdout).toMatch(
      /JS \(gzip, at load \+ on interaction\): home [\d.]+ KB \+ [\d.]+ KB · other pages at most [\d.]+ KB \+ [\d.]+ KB/,
    );
    // The README may say what the summary prints only as a build says it (issue 29, #12).
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const counts = /Built (\d+) pages, (\d+) redirects and (\d+) files/.exec(result.stdout)!.slice(1);
    // One count of pages: what was built is what was rendered and what was kept (issue 42).
    const [rendered, kept] = /(\d+) pages rendered, (\d+) unchanged/.exec(result.stdout)!.slice(1).map(Number);
    expect(Number(counts[0])).toBe(rendered! + kept!);
    for (const stated of readme.matchAll(/(\d+) pages, (\d+) redirects,? (?:and )?(\d+) files/g))
      expect(stated.slice(1), `README.md: "${stated[0]}"`).toEqual(counts);
    const weights = /home ([\d.]+) KB \+ [\d.]+ KB · other pages at most ([\d.]+) KB \+ ([\d.]+) KB/
      .exec(result.stdout)!
      .slice(1);
    for (const stated of readme.matchAll(/home ([\d.]+) KB, other pages at most ([\d.]+) KB, plus ([\d.]+) KB/g))
      expect(stated.slice(1), `README.md: "${stated[0]}"`).toEqual(weights);
  });

  it('says the example content in one line with its count, which --verbose lists (issue 42)', async () => {
    const result = await runCli(['build', '--out', 'plain'], { cwd: project });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.split('\n').filter((line) => line.includes('xample'));
    expect(lines).toEqual([
      expect.stringMatching(
        /^Example content still in use \(\d+ in \d+ files\); replace before going live \(--verbose lists it\)\.$/,
      ),
    ]);
    expect(result.stdout).not.toMatch(/^ {2}content\//m);
  });

  it('prints the report as one JSON object with --json, progress apart; the next, up to date, says so', async () => {
    const result = await runCli(['build', '--json', '--out', 'json'], { cwd: project });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as BuildReport;
    expect(report).toMatchObject({ isUpToDate: false, rendered: report.jobs, kept: 0, warnings: [] });
    expect(report.pageList.map((page) => page.url)).toContain('/es/services/orto-k/');
    expect(report.pageList).toHaveLength(report.pages);
    expect(report.examples).toContain('content/site.yaml: contact.phone');
    expect(report.timings.map((timing) => timing.stage)).toEqual([
      ...['load', 'bundle', 'widgets', 'validate', 'route', 'images', 'plan', 'render', 'hosts', 'verdict'],
      ...['compress', 'write', 'host folders', 'remember'],
    ]);
    const again = await runCli(['build', '--json', '--out', 'json'], { cwd: project });
    expect(JSON.parse(again.stdout)).toMatchObject({
      isUpToDate: true,
      rendered: 0,
      kept: report.jobs,
      pages: report.pages,
    });
    const quiet = await runCli(['build', '--json', '--quiet', '--out', 'json'], { cwd: project });
    expect(quiet).toMatchObject({ code: 2, stdout: '' });
    expect(quiet.stderr).toContain("option '--json' cannot be used with option '-q, --quiet'");
  });

  it('prints nothing but errors with --quiet, and lists the options with --help', async () => {
    expect((await runCli(['build', '--quiet', '--out', 'quiet'], { cwd: project })).stdout).toBe('');
    const help = await runCli(['build', '--help']);
    for (const option of ['--content', '--out', '--strict', '--quiet', '--verbose', '--json'])
      expect(help.stdout).toContain(option);
  });
});
