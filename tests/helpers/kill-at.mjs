// Imported into a build (node --import) to kill it with SIGKILL at an exact step instead of after
// a delay: SITEGEN_KILL_AT is `{ "call": "renameSync", "path": ".dist.next", "nth": 3 }`, and the
// process kills itself just before the 3rd call of fs's `renameSync` whose path arguments hold
// ".dist.next". `call` names a function of node:fs, or of node:fs/promises as `promises.rename`.
// The generator's code is left as it is: only the module bindings it imports are replaced.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const { call, path, nth } = JSON.parse(process.env.SITEGEN_KILL_AT ?? 'null') ?? {};
if (call) {
  const [owner, name] = call.startsWith('promises.') ? [fs.promises, call.slice(9)] : [fs, call];
  const original = owner[name];
  let seen = 0;
  owner[name] = function (...args) {
    if (args.some((arg) => typeof arg === 'string' && arg.includes(path)) && (seen += 1) === nth) {
      process.kill(process.pid, 'SIGKILL');
    }
    return original.apply(this, args);
  };
  syncBuiltinESMExports();
}
