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
  async ensure(entries: Iterable<[workspaceId: string, key: string]>): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    const fresh: ComboDoc[] = [];
    let seen = 0;
    for (const [w, k] of entries) {
      if (++seen % SLICE === 0) await nextTurn();
      const mapKey = `${w}\n${k}`;
      if (ids.has(mapKey)) continue;
      const id = comboHash(w, k);
      ids.set(mapKey, id);
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
