/**
 * What `npm install` runs once the dependencies are in: the build (`npm run build`: TypeScript into
 * dist/, the dashboard into dist/dashboard). Skipped when npm installs this folder into npx's cache
 * to run its own bin (`npx lsk …` inside the project: npm_command is "exec"): the build is there
 * already, and rebuilding it made a first `npx lsk` take minutes.
 */
import { spawnSync } from 'node:child_process';

if (process.env.npm_command !== 'exec') {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  process.exit(build.status ?? 1);
}
