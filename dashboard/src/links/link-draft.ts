/**
 * The link form's state as typed (strings), and what it sends: every field on create, only the
 * changed ones on edit (updateLink leaves absent arguments as they are; null clears a field).
 */
import { UTM_KEYS, type UtmKey } from '../../../src/domain/utm-url';
import type { DashboardUpdateLinkMutationVariables, LinkFieldsFragment } from '../gql/graphql';
import { type ApiRule, type RuleDraft, toApiRules, toRuleDrafts } from './adapt/rule-draft';
import { type GeoRow, toMap, toRows } from './geo-editor';

/** The createLink/updateLink arguments the form may send (all but the link id). */
export type LinkInput = Omit<DashboardUpdateLinkMutationVariables, 'id'>;

/** keep: leave the password as it is (none on a new link); set: the typed one; remove: send null. */
export type PasswordMode = 'keep' | 'set' | 'remove';

export interface LinkDraft {
  destination: string;
  domain: string;
  alias: string;
  tags: string;
  geo: GeoRow[];
  title: string;
  external_id: string;
  /** A datetime-local value (YYYY-MM-DDTHH:mm) in the browser's time zone. */
  expires_at: string;
  expired_url: string;
  max_clicks: string;
  password_mode: PasswordMode;
  password: string;
  ios: string;
  android: string;
  rules: RuleDraft[];
  /** Weights as typed. */
  variants: { url: string; weight: string }[];
  utm: Record<UtmKey, string>;
  preview_title: string;
  preview_description: string;
  preview_image: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

const localMinute = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** An instant as the value of a datetime-local input, in the browser's time zone. */
export function toLocalInput(iso: string | null | undefined): string {
  return iso ? localMinute(new Date(iso)) : '';
}

/** A datetime-local value read in the browser's time zone, as ISO 8601 with that zone's offset. */
export function fromLocalInput(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  if (Number.isNaN(d.getTime())) return local;
  const off = -d.getTimezoneOffset();
  const sign = off < 0 ? '-' : '+';
  const zone = `${sign}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
  return `${localMinute(d)}:${pad(d.getSeconds())}${zone}`;
}

/** The form's starting state: the link's values, or an empty form for a new link. */
export function draftOf(link?: LinkFieldsFragment): LinkDraft {
  return {
    destination: link?.destination ?? '',
    domain: link?.domain ?? '',
    alias: link?.alias ?? '',
    tags: (link?.tags ?? []).join(', '),
    geo: toRows(link?.geo_targeting ?? {}),
    title: link?.title ?? '',
    external_id: link?.external_id ?? '',
    expires_at: toLocalInput(link?.expires_at),
    expired_url: link?.expired_url ?? '',
    max_clicks: link?.max_clicks == null ? '' : String(link.max_clicks),
    password_mode: 'keep',
    password: '',
    ios: link?.device_targeting.ios ?? '',
    android: link?.device_targeting.android ?? '',
    rules: toRuleDrafts(link?.rules as ApiRule[] | null | undefined),
    variants: (link?.variants ?? []).map((v) => ({ url: v.url, weight: String(v.weight) })),
    utm: Object.fromEntries(UTM_KEYS.map((k) => [k, link?.utm?.[k] ?? ''])) as Record<UtmKey, string>,
    preview_title: link?.preview?.title ?? '',
    preview_description: link?.preview?.description ?? '',
    preview_image: link?.preview?.image ?? '',
  };
}

/** The filled-in entries of an object of texts, or null when none is (null clears the field). */
function filled<K extends string>(o: Record<K, string>): Partial<Record<K, string>> | null {
  const out = Object.fromEntries(
    Object.entries<string>(o)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );
  return Object.keys(out).length ? (out as Partial<Record<K, string>>) : null;
}

const orNull = (v: string) => v.trim() || null;

/** The number input's value: empty clears (null); any number goes as typed, for the API to judge. */
function clicks(v: string): number | null {
  const t = v.trim();
  return t === '' ? null : Number(t);
}

/** Every field of the draft as the API takes it (empty text clears: null). */
function values(d: LinkDraft): Required<Omit<LinkInput, 'password'>> {
  const devices: { ios?: string; android?: string } = {};
  if (d.ios.trim()) devices.ios = d.ios.trim();
  if (d.android.trim()) devices.android = d.android.trim();
  return {
    destination: d.destination.trim(),
    domain: orNull(d.domain),
    alias: orNull(d.alias),
    tags: d.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    geo_targeting: toMap(d.geo),
    title: orNull(d.title),
    external_id: orNull(d.external_id),
    expires_at: fromLocalInput(d.expires_at),
    expired_url: orNull(d.expired_url),
    max_clicks: clicks(d.max_clicks),
    device_targeting: devices,
    rules: toApiRules(d.rules),
    variants: d.variants.length ? d.variants.map((v) => ({ url: v.url.trim(), weight: Number(v.weight) })) : null,
    utm: filled(d.utm),
    preview: filled({ title: d.preview_title, description: d.preview_description, image: d.preview_image }),
  };
}

/** The fields of `draft` that differ from `start`, plus the password choice. */
export function changes(start: LinkDraft, draft: LinkDraft): LinkInput {
  const before = values(start);
  const after = values(draft);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(after) as (keyof typeof after)[]) {
    if (JSON.stringify(after[k]) !== JSON.stringify(before[k])) out[k] = after[k];
  }
  if (draft.password_mode === 'set') out.password = draft.password;
  if (draft.password_mode === 'remove') out.password = null;
  return out as LinkInput;
}

/** What createLink gets: the destination, and every other field that is filled in. */
export function creation(draft: LinkDraft): LinkInput & { destination: string } {
  return { ...changes(draftOf(), draft), destination: draft.destination.trim() };
}
