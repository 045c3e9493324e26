#!/usr/bin/env node
// First, before anything native loads: one clear line and exit 1 on a Node that is too old.
import './node-check.cjs';
import module from 'node:module';

// Node's compile cache: repeated runs reuse the compiled modules (see src/main.ts).
module.enableCompileCache?.();
import('../dist/src/cli/lsk.js').catch((e) => {
  process.stderr.write(`lsk: cannot load the CLI (run "npm install" or "npm run build" first): ${e.message.split('\n')[0]}\n`);
  process.exit(1);
});
