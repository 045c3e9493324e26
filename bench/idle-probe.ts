/**
 * A reference beside a stall measured on the bench's event loop: the same measure taken at the same
 * time on a separate, idle Node process (./idle-probe-child.ts). On 2 shared cores (FerretDB, V8's
 * helper threads, other processes) an event loop with no work of its own is late too; the reader
 * sees how much of a stall the machine's scheduler gives any process, beside what lsk's own figure
 * shows. It never replaces that figure.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

interface ProbeFigures {
  max: number;
  p99: number;
  longest: { wall: number; run: number; wait: number };
}

export class IdleProbe {
  private constructor(private readonly child: ChildProcess) {}

  /** Start the process and its measuring (resolves once it measures). */
  static async start(): Promise<IdleProbe> {
    // No inherited flags: the probe takes no CPU profile, no collection on demand.
    const child = fork(fileURLToPath(new URL('./idle-probe-child.js', import.meta.url)), [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    await once(child, 'message');
    child.send('start');
    return new IdleProbe(child);
  }

  /** Stop it: its figures as a phrase for the bench's line. */
  async stop(): Promise<string> {
    const answer = once(this.child, 'message');
    this.child.send('stop');
    const [f] = (await answer) as [ProbeFigures];
    await once(this.child, 'exit').catch(() => undefined);
    const g = f.longest;
    return (
      `an idle Node process meanwhile (the machine's own lateness): stalled at most ${f.max.toFixed(1)} ms (p99 ${f.p99.toFixed(1)}), ` +
      `its longest gap between two timer turns ${g.wall.toFixed(1)} ms (ran ${g.run.toFixed(1)}, waited for a core ${g.wait.toFixed(1)})`
    );
  }
}
