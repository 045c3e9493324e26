import type { Clock } from '../domain/clock.js';
import type { Visit } from '../redirect/click-recorder.js';
import type { LinksRepository } from '../storage/links/repository.js';
import type { Delivery, WebhooksRepository } from '../storage/webhooks/repository.js';
import { ClickQueue, type TakenClicks } from './click-queue.js';
import { newDelivery } from './outbox.js';
import { clickedData, eventBody } from './payloads.js';

export interface ClickEventOptions {
  /** At most this many clicks wait for the outbox; past it they are shed (and counted). */
  max?: number;
  intervalMs?: number;
}

/**
 * link.clicked (docs/adr/0030): the redirect path hands every counted visit over with one array
 * push; bots are dropped at once. A timer moves the waiting clicks into the outbox for the endpoints
 * that subscribe to link.clicked. The queue is bounded: in a storm the excess is shed and counted
 * (`shed`); these are the only events ever shed.
 */
export class ClickEvents {
  private readonly queue = new ClickQueue();
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  shed = 0;
  private readonly max: number;

  constructor(
    private readonly repo: WebhooksRepository,
    private readonly links: Pick<LinksRepository, 'get'>,
    private readonly clock: Clock,
    private readonly opts: ClickEventOptions = {},
  ) {
    this.max = opts.max ?? 10_000;
  }

  /** The hot path: one comparison and a slot in each of the queue's columns (click-queue.ts). */
  offer(v: Visit): void {
    if (v.visitor.bot) return;
    if (this.queue.length >= this.max) {
      this.shed++;
      return;
    }
    this.queue.push(v);
  }

  get waiting(): number {
    return this.queue.length;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.drain(), this.opts.intervalMs ?? 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.drain();
  }

  /** Move the waiting clicks into the outbox (one read of endpoints and one insert per workspace). */
  drain(): Promise<void> {
    this.draining ??= this.moveAll().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  private async moveAll(): Promise<void> {
    const taken = this.queue.take();
    for (const [workspaceId, positions] of taken.byWorkspace) {
      try {
        await this.toOutbox(workspaceId, taken, positions);
      } catch {
        this.shed += positions.length; // the store failed: click events are the one thing that may be lost
      }
    }
  }

  private async toOutbox(workspaceId: string, taken: TakenClicks, positions: readonly number[]): Promise<void> {
    {
      const endpoints = (await this.repo.listEndpoints(workspaceId)).filter((e) => e.enabled && e.events.includes('link.clicked'));
      if (endpoints.length === 0) return;
      const now = this.clock.now();
      const out: Delivery[] = [];
      const links = new Map<string, Awaited<ReturnType<LinksRepository['get']>>>();
      for (const i of positions) {
        const v = taken.click(i);
        if (!links.has(v.linkId)) links.set(v.linkId, await this.links.get(workspaceId, v.linkId));
        const link = links.get(v.linkId);
        if (!link) continue; // deleted meanwhile
        const at = new Date(v.atMs);
        const click = {
          timestamp: at.toISOString(),
          country: v.country,
          device: v.visitor.device,
          browser: v.visitor.browser,
          os: v.visitor.os,
          referrer_host: v.referrer,
        };
        const body = eventBody('link.clicked', at, clickedData(link, click));
        for (const e of endpoints) out.push(newDelivery(e, 'link.clicked', body, now));
      }
      await this.repo.insertDeliveries(out);
    }
  }
}
