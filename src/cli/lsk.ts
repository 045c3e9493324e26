import { ConfigError } from '../config/config-error.js';
import { projectVersion } from '../config/project.js';
import { LskError } from '../domain/errors.js';
import { describeDatabase } from '../startup/database.js';
import { exitCodeOf, oneLine } from '../startup/failure.js';
import { UsageError } from './command.js';
import { COMMANDS } from './commands.js';
import { cliDatabase } from './database.js';
import { globalHelp } from './help.js';
import { parseCommandLine } from './parse.js';

const out = (text: string) => process.stdout.write(`${text}\n`);

/** One line: the reason, without the HTTP-flavoured "The request is not valid." preamble. */
function reason(e: unknown): string {
  if (e instanceof LskError) {
    const details = e.details?.map((d) => (d.path && d.path !== '(body)' ? `${d.path}: ${d.message}` : d.message)).join('; ');
    if (e.code === 'validation_failed' && details) return details;
    return e.message;
  }
  return (e as Error)?.message || String(e);
}

/**
 * The lsk command: parse (nothing is opened for a bad command line), read the settings as the
 * server does, run the command, print its lines (the last is the result) and name the database on
 * stderr; a failure is one line on stderr and exit status 1 (2 for a usage or settings error).
 */
async function main(argv: string[]): Promise<number> {
  let db: ReturnType<typeof cliDatabase> | undefined;
  let where = '';
  try {
    if (argv.length === 0) out(globalHelp(COMMANDS));
    const parsed = parseCommandLine(argv, COMMANDS);
    if (parsed.kind !== 'run') {
      out(parsed.kind === 'help' ? parsed.text : projectVersion());
      return 0;
    }
    // Loaded here: the settings' schema (zod) is not needed by `--help` or a bad command line.
    const { readSettings } = await import('../startup/settings.js');
    const config = readSettings();
    where = describeDatabase(config.databaseUrl);
    db = cliDatabase(config, parsed.init);
    const lines = await parsed.command.run({ arg: parsed.arg, options: parsed.options, config, core: db.core, services: db.services });
    if (lines.length > 0) out(lines.join('\n'));
    process.stderr.write(`lsk: using ${where}\n`);
    return 0;
  } catch (e) {
    // "not found" names the database searched: the usual cause is another installation's store.
    const suffix = e instanceof LskError && e.code === 'not_found' && db?.used ? ` in ${where}` : '';
    process.stderr.write(`lsk: ${oneLine(reason(e))}${suffix}\n`);
    return e instanceof UsageError || e instanceof ConfigError ? 2 : exitCodeOf(e);
  } finally {
    await db?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`lsk: ${oneLine(reason(e))}\n`);
    process.exit(1);
  },
);
