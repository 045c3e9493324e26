/**
 * The Node version check (bin/node-check.cjs), run when this module is evaluated: imported first by
 * the server entry, it stops an old Node with one line before any module that loads the native
 * SQLite binding is evaluated (ES modules run their imports in order).
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../config/project.js';

createRequire(import.meta.url)(join(PROJECT_ROOT, 'bin/node-check.cjs'));
