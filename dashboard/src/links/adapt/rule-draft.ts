/**
 * Redirect rules as the form edits them (each condition one chip: a type and its text) and as the API
 * takes them. Lists are comma-separated; a query condition is `name=value` pairs separated by `&`
 * (`name=*`: present with any value); after/before are datetime-local values in the browser's zone.
 */
import { fromLocalInput, toLocalInput } from '../link-draft';

export const CONDITION_TYPES = ['country', 'continent', 'region', 'device', 'os', 'browser', 'language', 'query', 'ip', 'after', 'before'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export const CONDITION_LABELS: Record<ConditionType, { label: string; hint: string }> = {
  country: { label: 'Country', hint: 'ISO codes, e.g. DE, AT' },
  continent: { label: 'Continent', hint: 'AF, AN, AS, EU, NA, OC or SA' },
  region: { label: 'Region', hint: 'ISO 3166-2, e.g. DE-BE' },
  device: { label: 'Device', hint: 'desktop, mobile or tablet' },
  os: { label: 'OS', hint: 'e.g. iOS, Android, Windows' },
  browser: { label: 'Browser', hint: 'e.g. Chrome, Safari, Firefox' },
  language: { label: 'Language', hint: 'e.g. de, fr' },
  query: { label: 'Query', hint: 'e.g. ref=partner&src=* (* = any value)' },
  ip: { label: 'IP range', hint: 'CIDR blocks, e.g. 203.0.113.0/24' },
  after: { label: 'After', hint: 'a date and time' },
  before: { label: 'Before', hint: 'a date and time' },
};

export interface ConditionDraft {
  type: ConditionType;
  value: string;
}

export interface RuleDraft {
  /** A stable key for the list (rules move). */
  key: number;
  conditions: ConditionDraft[];
  to: string;
}

/** A rule as the API returns and takes it. */
export interface ApiRule {
  if: Record<string, unknown>;
  to: string;
}

let nextKey = 1;
export const ruleKey = () => nextKey++;

const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function conditionValue(c: ConditionDraft): unknown {
  if (c.type === 'after' || c.type === 'before') return fromLocalInput(c.value);
  if (c.type === 'query') {
    return Object.fromEntries(
      c.value
        .split('&')
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => {
          const eq = p.indexOf('=');
          return eq < 0 ? [p, '*'] : [p.slice(0, eq).trim(), p.slice(eq + 1).trim()];
        }),
    );
  }
  return list(c.value);
}

function conditionText(type: ConditionType, v: unknown): string {
  if (type === 'after' || type === 'before') return toLocalInput(String(v));
  if (type === 'query' && v && typeof v === 'object') {
    return Object.entries(v as Record<string, string>)
      .map(([k, x]) => `${k}=${x}`)
      .join('&');
  }
  return Array.isArray(v) ? v.join(', ') : String(v ?? '');
}

export function toRuleDrafts(rules: readonly ApiRule[] | null | undefined): RuleDraft[] {
  return (rules ?? []).map((r) => ({
    key: ruleKey(),
    to: r.to,
    conditions: CONDITION_TYPES.filter((t) => r.if[t] !== undefined).map((type) => ({ type, value: conditionText(type, r.if[type]) })),
  }));
}

/** The rules as the API takes them; none: null (clears). */
export function toApiRules(rules: readonly RuleDraft[]): ApiRule[] | null {
  if (rules.length === 0) return null;
  return rules.map((r) => ({ if: Object.fromEntries(r.conditions.map((c) => [c.type, conditionValue(c)])), to: r.to.trim() }));
}

/** A chip's text: `Country: DE, AT`. */
export const chipText = (c: ConditionDraft) => `${CONDITION_LABELS[c.type].label}: ${c.value}`;
