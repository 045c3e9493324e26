import type { Collection } from 'mongodb';
import { RandomEvictMap } from '../../domain/random-evict-map.js';
import type { MongoConnection } from '../mongo/connection.js';
import { comboHash, decodeCombo } from './combos.js';
import { COMBOS, type ComboDoc, insertOnce } from './mongo-docs.js';
import type { ComboFacts } from './sheets.js';
import { nextTurn, SLICE } from './turns.js';

/** Combinations per insert (each a message the driver encodes on the event loop). */
const INSERT_BATCH = 250;

/**
 * Combination ids by workspace and key, looked up without joining the two into one string (a flush
 * looks one up per link-hour and per event: a joined key was a new string each time, docs/adr/0208).
 */
export class ComboIds {
  private readonly byWorkspace = new Map<string, Map<string, string>>();

  get(workspaceId: string, key: string): string | undefined {
    return this.byWorkspace.get(workspaceId)?.get(key);
  }

  set(workspaceId: string, key: string, id: string): void {
    let m = this.byWorkspace.get(workspaceId);
    if (m === undefined) {
      m = new Map();
      this.byWorkspace.set(workspaceId, m);
    }
    m.set(key, id);
  }
}

/**
 * Combinations on MongoDB: the id is a hash of the workspace and the key, so every instance names a
 * combination alike without asking; a combination is stored by a unique insert (a collision is the
 * combination being there already) before any count refers to it. Known ids and keys are remembered
 * up to a bound (a random one forgotten first: docs/adr/0096); an id remembered is one stored.
 */
export class MongoComboDictionary {
  private readonly coll: Collection<ComboDoc>;
  private readonly keys: RandomEvictMap<string>;
  /** Lookups sent so far (the analytics bench reports them per read). */
  queries = 0;

  constructor(
    private readonly conn: MongoConnection,
    max = 200_000,
  ) {
    this.coll = conn.collection(COMBOS);
    this.keys = new RandomEvictMap(max);
  }

  /** Ids of these keys of a workspace, each stored (once) before this returns; the event loop turns every SLICE keys. */
  async ensure(entries: Iterable<[workspaceId: string, key: string]>): Promise<ComboIds> {
    const ids = new ComboIds();
    const fresh: ComboDoc[] = [];
    let seen = 0;
    for (const [w, k] of entries) {
      if (++seen % SLICE === 0) await nextTurn();
      if (ids.get(w, k) !== undefined) continue;
      const id = comboHash(w, k);
      ids.set(w, k, id);
      if (this.keys.get(id) === undefined) fresh.push({ _id: id, w, k });
    }
    for (let i = 0; i < fresh.length; i += INSERT_BATCH) {
      const part = fresh.slice(i, i + INSERT_BATCH);
      await this.conn.run(() => insertOnce(this.coll, part));
      for (const d of part) this.keys.set(d._id, d.k);
    }
    return ids;
  }

  async lookup(workspaceId: string, ids: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const missing: string[] = [];
    for (const id of ids) {
      const k = this.keys.get(id);
      if (k === undefined) missing.push(id);
      else out.set(id, k);
    }
    for (let i = 0; i < missing.length; i += 5000) {
      this.queries++;
      const docs = await this.conn.run(() => this.coll.find({ _id: { $in: missing.slice(i, i + 5000) }, w: workspaceId }).toArray());
      for (const d of docs) {
        out.set(d._id, d.k);
        this.keys.set(d._id, d.k);
      }
    }
    return out;
  }

  async facts(workspaceId: string, ids: Iterable<string>): Promise<Map<string, ComboFacts>> {
    const out = new Map<string, ComboFacts>();
    for (const [id, key] of await this.lookup(workspaceId, [...new Set(ids)])) {
      const c = decodeCombo(key);
      out.set(id, { domain: c.values.domain ?? '', bot: c.bot });
    }
    return out;
  }
}
