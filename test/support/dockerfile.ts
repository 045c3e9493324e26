/**
 * A small Dockerfile reader for tests (no container daemon here): instructions with their
 * arguments, line continuations joined, comments and parser directives dropped, grouped by stage.
 */
export interface Instruction {
  op: string;
  args: string;
  /** The exec form (`["node", "x.js"]`) parsed, else null. */
  exec: string[] | null;
}

export interface Stage {
  from: string;
  name: string | null;
  instructions: Instruction[];
}

function execForm(args: string): string[] | null {
  if (!args.startsWith('[')) return null;
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === 'string')) throw new Error(`bad exec form: ${args}`);
  return parsed;
}

export function readDockerfile(text: string): Stage[] {
  const logical = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const stages: Stage[] = [];
  for (const line of logical) {
    const m = /^([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!m) throw new Error(`not an instruction: ${line}`);
    const op = m[1]!.toUpperCase();
    const args = m[2]!.replace(/\s+/g, ' ').trim();
    if (op === 'FROM') {
      const [from, as, name] = args.split(' ');
      stages.push({ from: from!, name: as?.toUpperCase() === 'AS' ? name! : null, instructions: [] });
      continue;
    }
    if (stages.length === 0) throw new Error(`${op} before FROM`);
    // HEALTHCHECK [options] CMD [...]: the exec form is after CMD.
    const execArgs = op === 'HEALTHCHECK' ? args.replace(/^.*?\bCMD\s+/, '') : args;
    stages.at(-1)!.instructions.push({ op, args, exec: execForm(execArgs) });
  }
  return stages;
}
