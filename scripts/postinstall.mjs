/**
 * What `npm install` runs once the dependencies are in: the build (`npm run build`: TypeScript into
 * dist/, the dashboard into dist/dashboard). Skipped when npm only links this folder to run or
 * expose its `lsk` command: `npx lsk …` inside the project (npm installs the folder into npx's
 * cache: npm_command "exec"), `npm link` and `npm install -g .`. The build is there already (they
 * come after `npm install`), and rebuilding made each of them take minutes.
 */
import { spawnSync } from 'node:child_process';

const linking = process.env.npm_command === 'exec' || process.env.npm_command === 'link' || process.env.npm_config_global === 'true';
if (!linking) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  process.exit(build.status ?? 1);
}
