import { join } from 'node:path';
import { PROJECT_ROOT } from '../config/project.js';
import type { Command } from './command.js';

const GLOBAL_OPTIONS: [string, string][] = [
  ['--init', 'create the SQLite database if there is none yet (otherwise lsk refuses, naming the path)'],
  ['-h, --help', 'show help (lsk --help, lsk key --help, lsk key create --help)'],
  ['-V, --version', 'print the version'],
];

const EXIT_STATUS = `Exit status: 0 success; 1 failure (one line on stderr says why); 2 usage error (a bad
command line or setting; nothing was done).`;

const OUTPUT = `Output: the last line of stdout is the result (JSON, or the key for "key create"); the lines
before it are for people. On success stderr names the database used ("lsk: using SQLite /path");
on failure stderr is one line with the reason.`;

const SETTINGS = `Settings: DATABASE_URL and the server's other variables, from the environment and then from
${join(PROJECT_ROOT, '.env')} (the environment wins); a relative file: path is relative to the
project root ${PROJECT_ROOT}, so lsk opens the server's database from any directory.`;

const usageLine = (c: Command, withInit = false) => `lsk ${c.name}${c.synopsis ? ` ${c.synopsis}` : ''}${withInit && c.usesStore ? ' [--init]' : ''}`;

const aligned = (rows: [string, string][]) => {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
};

/** `lsk --help`: every command, the global options, the output and exit-status conventions. */
export function globalHelp(commands: Command[]): string {
  const list = commands.flatMap((c) => [`  ${usageLine(c)}`, `      ${c.summary}`]);
  return [
    'lsk: operate an lsk installation (the same settings and database as its server)',
    '',
    'usage: lsk <command> [<argument>] [options]',
    '',
    'commands:',
    ...list,
    '',
    'global options:',
    ...aligned(GLOBAL_OPTIONS),
    '',
    SETTINGS,
    OUTPUT,
    EXIT_STATUS,
  ].join('\n');
}

/** `lsk <noun> --help`: the commands of one noun; null for an unknown noun. */
export function nounHelp(noun: string | undefined, commands: Command[]): string | null {
  const mine = commands.filter((c) => c.name.split(' ')[0] === noun);
  if (mine.length === 0) return null;
  return [`lsk ${noun} commands (lsk ${noun} <command> --help for one of them):`, '', ...mine.flatMap((c) => [`  ${usageLine(c)}`, `      ${c.summary}`])].join(
    '\n',
  );
}

/** `lsk <command> --help`: its usage line, what it does, each option. */
export function commandHelp(c: Command): string {
  const options: [string, string][] = Object.entries(c.options).map(([name, o]) => [
    `--${name}${o.value ? ` ${o.value}` : ''}`,
    `${o.help}${o.required ? ' (required)' : ''}`,
  ]);
  if (c.usesStore) options.push(GLOBAL_OPTIONS[0]!);
  options.push(['-h, --help', 'show this help']);
  return [`usage: ${usageLine(c, true)}`, '', c.summary, ...(c.details ? [c.details] : []), '', 'options:', ...aligned(options), '', EXIT_STATUS].join('\n');
}
