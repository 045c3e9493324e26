/**
 * The fenced blocks of README.md, as the README-blocks test runs them (the rules are written at
 * the top of README.md): every `sh` block in order, except one fenced `sh no-run`; a block fenced
 * `sh expect=409` (or `expect=401,404`) may, and must, get those statuses besides 2xx and 3xx.
 */
export interface Block {
  /** The info string's first word (`sh`, `json`, …; '' when bare). */
  lang: string;
  /** The words after it. */
  attrs: string[];
  body: string;
  /** 1-based line of the opening fence. */
  line: number;
}

export function fencedBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
    if (end < 0) throw new Error(`README.md:${i + 1}: a fence that is never closed`);
    blocks.push({ lang: open[1]!, attrs: open[2]!.split(/\s+/).filter(Boolean), body: `${lines.slice(i + 1, end).join('\n')}\n`, line: i + 1 });
    i = end;
  }
  return blocks;
}

/** The statuses a block's `expect=` allows (and requires) besides 2xx and 3xx. */
export function expectedStatuses(block: Block): number[] {
  const attr = block.attrs.find((a) => a.startsWith('expect='));
  return attr ? attr.slice('expect='.length).split(',').map(Number) : [];
}

export const runnable = (b: Block) => b.lang === 'sh' && !b.attrs.includes('no-run');

/** What a reader's terminal would get wrong, told apart from what the README test checks. */
export function ruleProblems(blocks: Block[]): string[] {
  const problems: string[] = [];
  for (const b of blocks) {
    if (['bash', 'shell', 'zsh', 'console', 'shell-session', 'shellsession'].includes(b.lang)) {
      problems.push(`README.md:${b.line}: fence shell blocks as sh (this one is ${b.lang}), so the README test runs them`);
    }
    if (b.lang !== 'sh') continue;
    for (const a of b.attrs) {
      if (a !== 'no-run' && !/^expect=\d{3}(,\d{3})*$/.test(a)) problems.push(`README.md:${b.line}: unknown fence word "${a}" (sh, sh expect=409, sh no-run)`);
    }
    if (/\$LSK_KEY\b/.test(b.body)) problems.push(`README.md:${b.line}: the API key variable is $KEY (set in the Quick start)`);
  }
  return problems;
}
