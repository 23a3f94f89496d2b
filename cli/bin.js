#!/usr/bin/env node
// The generator is TypeScript; tsx compiles it on the fly (cached), so there is no build step
// before the build.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
