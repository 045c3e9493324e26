import { type Config, loadConfig } from '../config/env.js';
import { PROJECT_ROOT } from '../config/project.js';
import { loadProjectEnv } from './env-file.js';

/**
 * The settings of this installation, as the server and the CLI both read them: the environment,
 * completed by the project's `.env` (never overriding a variable already set), validated once.
 */
export function readSettings(root = PROJECT_ROOT): Config {
  loadProjectEnv(root);
  return loadConfig(process.env, root);
}
