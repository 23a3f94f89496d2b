import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, runCli } from '../helpers/cli.ts';

let taken: Server;
let takenPort: number;

beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
  takenPort = (taken.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((closed) => taken.close(() => closed())));

/** What a failed command must look like: exit 1, no stack trace, no "Internal error". */
function expectCleanFailure(result: { code: number; stderr: string }): void {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).not.toMatch(/Internal error|\n\s+at /);
}

describe('the command line', () => {
  it.each([
    ['preview', 'abc'],
    ['dev', '70000'],
    ['preview', '-1'],
  ])('refuses `%s --port %s` in one line that says what a port is', async (command, port) => {
    const result = await runCli([command, '--port', port]);
    expectCleanFailure(result);
    expect(result.stderr).toContain(`argument '${port}' is invalid. a port is a whole number from 1 to 65535.`);
  });

  it('says which port is in use, and stops instead of waiting', async () => {
    const project = await copyProject();
    try {
      expect((await runCli(['build', '--quiet'], { cwd: project })).code).toBe(0);
      const result = await runCli(['preview', '--port', String(takenPort)], { cwd: project });
      expectCleanFailure(result);
      expect(result.stderr).toContain(`ServerError — port ${takenPort} of 127.0.0.1 is already in use`);
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });

  it('dev says which port is in use, and ends its builder process too', async () => {
    const project = await copyProject();
    try {
      const result = await runCli(['dev', '--port', String(takenPort)], { cwd: project });
      expectCleanFailure(result);
      expect(result.stderr).toContain(`ServerError — port ${takenPort} of 127.0.0.1 is already in use`);
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });

  it('refuses to preview a folder that holds no built site', async () => {
    const result = await runCli(['preview', '--dist', 'nothing-built-here']);
    expectCleanFailure(result);
    expect(result.stderr).toMatch(/^nothing-built-here ReadError — there is no built site here to serve\n {2}hint: /);
  });
});
