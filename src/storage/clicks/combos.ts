import { createHash } from 'node:crypto';
import { CLICK_FIELDS, type ClickField, DIRECT, DIRECT_FIELDS } from '../../domain/click-fields.js';
import type { ClickGrouping, ComboFilter } from './repository.js';

/**
 * A combination as a string: `h` (a person) or `b` (a bot), then each click field's value in
 * CLICK_FIELDS order, every one preceded by SEP; an empty value is an unknown one. Values never
 * hold control characters (the recorder drops them), so the key reads back unambiguously.
 */
export const SEP = '\x1f';

export type ComboValues = Record<ClickField, string | null>;

export interface Combo {
  bot: boolean;
  values: ComboValues;
}

export function comboKey(bot: boolean, values: Partial<ComboValues>): string {
  let k = bot ? 'b' : 'h';
  for (const f of CLICK_FIELDS) k += SEP + (values[f] ?? '');
  return k;
}

/** Whether a combination key is a bot's (its first character), without splitting it: the counting reads it per visit. */
export const isBotKey = (key: string): boolean => key.charCodeAt(0) === 98; // 'b'

export function decodeCombo(key: string): Combo {
  const parts = key.split(SEP);
  const values = {} as ComboValues;
  CLICK_FIELDS.forEach((f, i) => {
    const v = parts[i + 1];
    values[f] = v ? v : null;
  });
  return { bot: parts[0] === 'b', values };
}

/** Index of a field's value among the key's parts (after the bot flag). */
const FIELD_INDEX = Object.fromEntries(CLICK_FIELDS.map((f, i) => [f, i + 1])) as Record<ClickField, number>;

/** The domain a combination was recorded on (every click has one). */
export function comboDomain(key: string): string {
  return key.split(SEP)[FIELD_INDEX.domain] ?? '';
}

/**
 * A combination's id on MongoDB: a content hash (workspace and key), so instances intern the same
 * combination under the same id without asking each other (a unique insert that collides is simply
 * the combination being there already). 64 bits, base64url.
 */
export function comboHash(workspaceId: string, key: string): string {
  return createHash('sha256').update(workspaceId).update('\n').update(key).digest('base64url').slice(0, 11);
}

/** A value as reads show and filter it: unknown referrers are DIRECT, other unknown values null. */
export function shownValue(field: ClickField, v: string | null): string | null {
  return v === null && DIRECT_FIELDS.has(field) ? DIRECT : v;
}

/** What one read needs to know of a combination. */
export interface ComboInfo {
  bot: boolean;
  /** Passes the read's filter. */
  pass: boolean;
  /** Its key under each click-field grouping asked (null: counted under none). */
  keys: (string | null)[];
}

/** A filter and groupings compiled once per read: combination key -> what the read needs of it. */
export function comboJudge(filter: ComboFilter | null | undefined, groups: readonly ClickGrouping[]): (key: string) => ComboInfo {
  const checks = Object.entries(filter ?? {}).flatMap(([f, ff]) => {
    if (!ff) return [];
    const i = FIELD_INDEX[f as ClickField];
    const inSet = ff.in ? new Set(ff.in) : null;
    const outSet = ff.not_in ? new Set(ff.not_in) : null;
    return [{ i, field: f as ClickField, inSet, outSet }];
  });
  const fields = groups.map((g) => (g === 'link' ? null : g));
  return (key) => {
    const parts = key.split(SEP);
    let pass = true;
    for (const c of checks) {
      const v = shownValue(c.field, parts[c.i] || null);
      if ((c.inSet && (v === null || !c.inSet.has(v))) || (c.outSet && v !== null && c.outSet.has(v))) {
        pass = false;
        break;
      }
    }
    return { bot: parts[0] === 'b', pass, keys: fields.map((f) => (f === null ? null : shownValue(f, parts[FIELD_INDEX[f]] || null))) };
  };
}
