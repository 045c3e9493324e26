#!/usr/bin/env node
// Makes sure a FerretDB 1.24.2 binary exists for the MongoDB tests, building it with Go when missing.
//
//   node test/support/ensure-ferretdb.mjs      -> last line of stdout: the binary's path
//
// The binary lives at $LSK_FERRETDB_BIN, default ~/.cache/lsk-ferretdb/bin/ferretdb.
// `go install github.com/FerretDB/FerretDB/cmd/ferretdb@v1.24.2` is not used: some module proxies
// refuse its deprecation lookup. The module is downloaded with `go mod download` instead and built
// from a writable copy, because FerretDB's main package panics at start unless
// build/version/version.txt (absent from the module zip) holds the version.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';
export const FERRETDB_VERSION = 'v1.24.2';

export function ferretDbBinPath() {
  return process.env.LSK_FERRETDB_BIN || join(homedir(), '.cache', 'lsk-ferretdb', 'bin', 'ferretdb');
}

/** True when the binary exists and starts (prints its version). */
export function ferretDbWorks(bin) {
  if (!existsSync(bin)) return false;
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 15_000 });
  return r.status === 0 && /v1\.24\./.test(r.stdout ?? '');
}

function findGo() {
  const candidates = [process.env.GO, 'go', '/usr/local/go/bin/go', join(homedir(), 'go', 'bin', 'go'), '/usr/lib/go/bin/go'];
  for (const c of candidates) {
    if (!c) continue;
    const r = spawnSync(c, ['version'], { encoding: 'utf8' });
    if (r.status === 0) return c;
  }
  return null;
}

export const HOW_TO_PROVIDE_MONGODB =
  'The MongoDB tests need a MongoDB server. Either set MONGODB_URI (e.g. MONGODB_URI=mongodb://127.0.0.1:27017), ' +
  `or install Go (https://go.dev/dl/, 1.21 or newer, on PATH) so that FerretDB ${FERRETDB_VERSION} can be built ` +
  `by "node test/support/ensure-ferretdb.mjs" (or point LSK_FERRETDB_BIN at an existing FerretDB ${FERRETDB_VERSION} binary).`;

/** Returns the path of a working FerretDB binary, building it first when needed. Throws when it cannot. */
export function ensureFerretDb({ log = (m) => process.stderr.write(`${m}\n`) } = {}) {
  const bin = ferretDbBinPath();
  if (ferretDbWorks(bin)) return bin;
  const go = findGo();
  if (!go) throw new Error(`No FerretDB binary at ${bin} and no Go toolchain to build it. ${HOW_TO_PROVIDE_MONGODB}`);
  log(`lsk: building FerretDB ${FERRETDB_VERSION} into ${bin} (first run only; this can take a few minutes)`);
  const work = mkdtempSync(join(tmpdir(), 'lsk-ferretdb-build-'));
  const env = { ...process.env, GOFLAGS: '-mod=mod', GO111MODULE: 'on' };
  const go_ = (args, cwd) => execFileSync(go, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  try {
    // A throwaway module, only so that `go mod download` has somewhere to run.
    go_(['mod', 'init', 'lsk.local/ferretdb-build'], work);
    const info = JSON.parse(go_(['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`], work));
    if (info.Error || !info.Dir) throw new Error(`go mod download failed: ${info.Error ?? 'no module directory'}`);
    // The module cache is read-only: build from a copy that carries build/version/version.txt.
    const src = join(work, 'src');
    cpSync(info.Dir, src, { recursive: true });
    const versionDir = join(src, 'build', 'version');
    chmodSync(src, 0o755);
    chmodSync(join(src, 'build'), 0o755);
    chmodSync(versionDir, 0o755);
    writeFileSync(join(versionDir, 'version.txt'), `${FERRETDB_VERSION}\n`);
    mkdirSync(dirname(bin), { recursive: true });
    const tmpBin = `${bin}.tmp-${process.pid}`;
    go_(['build', '-trimpath', '-buildvcs=false', '-o', tmpBin, './cmd/ferretdb'], src);
    if (!ferretDbWorks(tmpBin)) throw new Error(`the built binary ${tmpBin} does not start`);
    renameSync(tmpBin, bin);
  } catch (e) {
    const stderr = e && typeof e === 'object' && 'stderr' in e && e.stderr ? `\n${String(e.stderr).trim()}` : '';
    throw new Error(`Building FerretDB ${FERRETDB_VERSION} failed: ${e instanceof Error ? e.message : e}${stderr}\n${HOW_TO_PROVIDE_MONGODB}`);
  } finally {
    try {
      // Go makes module files read-only; make the copy removable.
      spawnSync('chmod', ['-R', 'u+w', work]);
      rmSync(work, { recursive: true, force: true });
    } catch {
      /* a leftover temp dir is harmless */
    }
  }
  log(`lsk: FerretDB built at ${bin}`);
  return bin;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  try {
    if (process.env.MONGODB_URI) console.log('MONGODB_URI is set: the tests use it, FerretDB is not needed');
    else console.log(ensureFerretDb());
  } catch (e) {
    process.stderr.write(`${(e instanceof Error ? e.message : String(e)).split('\n').join(' ')}\n`);
    process.exit(1);
  }
}
