import { parseArgs } from 'node:util';
import { type Command, UsageError } from './command.js';
import { commandHelp, globalHelp, nounHelp } from './help.js';

export type Parsed =
  | { kind: 'help'; text: string }
  | { kind: 'version' }
  | { kind: 'run'; command: Command; arg: string; options: Record<string, string | undefined>; init: boolean };

type OptionConfig = Record<string, { type: 'string' | 'boolean'; short?: string }>;

const GLOBAL: OptionConfig = { help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'V' }, init: { type: 'boolean' } };

/** The command named by the first one or two words. */
function findCommand(words: string[], commands: Command[]): Command | undefined {
  return commands.find((c) => c.name === `${words[0]} ${words[1]}`) ?? commands.find((c) => c.name === words[0]);
}

function unknownCommand(words: string[], commands: Command[]): UsageError {
  const [noun, verb] = words;
  const verbs = commands.filter((c) => c.name.startsWith(`${noun} `)).map((c) => c.name.split(' ')[1]);
  if (verbs.length > 0 && verb === undefined) return new UsageError(`missing command after "${noun}": ${verbs.join(' or ')}`);
  return new UsageError(`unknown command "${words.slice(0, 2).join(' ')}" (see lsk --help)`);
}

/** Read the command line against the command table; a malformed one is a UsageError (exit 2). */
export function parseCommandLine(argv: string[], commands: Command[]): Parsed {
  const options: OptionConfig = { ...GLOBAL };
  for (const c of commands) for (const [name, o] of Object.entries(c.options)) options[name] = { type: o.value ? 'string' : 'boolean' };
  let values: Record<string, string | boolean | undefined>;
  let words: string[];
  try {
    ({ values, positionals: words } = parseArgs({ args: argv, allowPositionals: true, strict: true, options }));
  } catch (e) {
    // node:util's messages run on with advice about "--"; the first sentence is the reason.
    throw new UsageError((e as Error).message.split(/\.\s/)[0]!.replace(/\.$/, ''));
  }
  if (words[0] === 'help') [values.help, words] = [true, words.slice(1)];
  const command = findCommand(words, commands);
  if (values.help) return { kind: 'help', text: command ? commandHelp(command) : (nounHelp(words[0], commands) ?? globalHelp(commands)) };
  if (values.version) return { kind: 'version' };
  if (words.length === 0) throw new UsageError('no command given (see lsk --help)');
  if (!command) throw unknownCommand(words, commands);

  const name = `"lsk ${command.name}"`;
  const [arg, ...extra] = words.slice(command.name.split(' ').length);
  const unexpected = command.arg ? extra[0] : arg;
  if (unexpected !== undefined) throw new UsageError(`unexpected argument "${unexpected}" for ${name}`);
  for (const option of Object.keys(values)) {
    if (option === 'init' ? !command.usesStore : !(option in command.options || option in GLOBAL)) throw new UsageError(`${name} takes no --${option}`);
  }
  if (command.arg && !arg) throw new UsageError(`missing ${command.arg} for ${name}`);
  for (const [option, o] of Object.entries(command.options)) {
    if (o.required && values[option] === undefined) throw new UsageError(`missing --${option} ${o.value} for ${name}`);
  }
  // A command's own flags (`--dry-run`) are given as "true"; the global ones are not the command's.
  const given = Object.fromEntries(
    Object.entries(values)
      .filter(([k, v]) => typeof v === 'string' || (v === true && k in command.options))
      .map(([k, v]) => [k, String(v)]),
  );
  return { kind: 'run', command, arg: arg ?? '', options: given, init: values.init === true };
}
