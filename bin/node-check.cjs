'use strict';
/**
 * Stops at once, in one line, on a Node older than package.json's "engines" asks for. Loaded
 * before anything else by every entry point (the lsk command, `npm start`, the server), because on
 * an older Node the native SQLite module crashes the process (a segmentation fault on Node 20)
 * instead of failing. CommonJS without newer syntax on purpose: any Node since 14 runs it and says so.
 */
const fs = require('node:fs');
const path = require('node:path');

/** "22.12.0" -> [22, 12, 0] (missing parts are 0). */
function parts(version) {
  const p = String(version).replace(/^v/, '').split('.').map(Number);
  return [p[0] || 0, p[1] || 0, p[2] || 0];
}

/** Whether `version` is at least `minimum`. */
function atLeast(version, minimum) {
  const a = parts(version);
  const b = parts(minimum);
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
}

/** The minimum of package.json's `engines.node` (">=22.12"). */
function minimumNode(root) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const m = /^>=\s*v?(\d+(?:\.\d+){0,2})$/.exec(String(pkg.engines?.node).trim());
  if (!m) throw new Error(`package.json engines.node must read ">=X.Y", not ${JSON.stringify(pkg.engines?.node)}`);
  return m[1];
}

/** The one line for a Node that is too old, or null. */
function nodeProblem(running, minimum) {
  if (atLeast(running, minimum)) return null;
  const version = String(running).replace(/^v/, '');
  return `lsk: Node.js ${minimum} or newer is required (24 LTS recommended), but this is Node.js ${version} (${process.execPath}); install Node 24 from https://nodejs.org/ or with a version manager (nvm install 24, fnm install 24, volta install node@24)`;
}

module.exports = { atLeast: atLeast, minimumNode: minimumNode, nodeProblem: nodeProblem };

const problem = nodeProblem(process.versions.node, minimumNode(path.join(__dirname, '..')));
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
