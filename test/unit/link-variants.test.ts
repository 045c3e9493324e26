import { describe, expect, it } from 'vitest';
import { variantsSchema } from '../../src/domain/variant-schemas.js';
import { VariantDraw } from '../../src/redirect/adapt/variants.js';
import { seeded } from '../support/seeded-random.js';

const VARIANTS = [
  { url: 'https://a.test/', weight: 50 },
  { url: 'https://b.test/', weight: 30 },
  { url: 'https://c.test/', weight: 15 },
  { url: 'https://d.test/', weight: 5 },
];
const draw = (variants = VARIANTS, id = 'lnk_1', path = '/promo', secure = false) =>
  new VariantDraw(
    id,
    variants,
    variants.map((v) => v.url),
    path,
    secure,
  );

describe('variant draws', () => {
  it('map [0, 1) onto the variants in proportion to their weights, exactly', () => {
    const d = draw();
    const counts = [0, 0, 0, 0];
    const n = 10_000;
    for (let i = 0; i < n; i++) counts[d.draw(() => i / n)]!++;
    expect(counts).toEqual([5000, 3000, 1500, 500]);
  });

  it('follow the weights over 100,000 seeded draws (chi-square below the 0.1 % critical value)', () => {
    const d = draw();
    const random = seeded(20261121);
    const n = 100_000;
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < n; i++) counts[d.draw(random)]!++;
    const chi2 = VARIANTS.reduce((sum, v, i) => {
      const expected = (n * v.weight) / 100;
      return sum + (counts[i]! - expected) ** 2 / expected;
    }, 0);
    // 3 degrees of freedom: P(chi2 > 16.27) = 0.001 for a fair draw.
    expect(chi2).toBeLessThan(16.27);
  });

  it('keep a visitor on the variant of their cookie, among other cookies (several lsk_v too)', () => {
    const d = draw();
    const mine = d.cookies[2]!.split(';')[0]!;
    expect(d.kept(mine)).toBe(2);
    expect(d.kept(`theme=dark; ${mine}; other=1`)).toBe(2);
    expect(d.kept(`lsk_v=zzzzzzzzzz.1; ${mine}`)).toBe(2);
    expect(d.kept(undefined)).toBe(-1);
    expect(d.kept('theme=dark')).toBe(-1);
    expect(d.kept(`x${mine}`)).toBe(-1);
    expect(d.kept(`${mine}9`)).toBe(-1); // variant 29 does not exist
    expect(d.kept(`${mine.slice(0, -1)}7`)).toBe(-1);
  });

  it("start new draws when the variants change, and never take another link's cookie", () => {
    const d = draw();
    const cookie = d.cookies[1]!.split(';')[0]!;
    const changed = draw([
      { url: 'https://a.test/', weight: 40 },
      { url: 'https://b.test/', weight: 60 },
    ]);
    expect(changed.version).not.toBe(d.version);
    expect(changed.kept(cookie)).toBe(-1);
    expect(draw(VARIANTS, 'lnk_2').kept(cookie)).toBe(-1);
    expect(draw().version).toBe(d.version);
  });

  it('set lsk_v for the link path, 30 days, HttpOnly, SameSite=Lax (Secure on https domains)', () => {
    expect(draw().cookies[0]).toMatch(/^lsk_v=[A-Za-z0-9_-]{10}\.0; Path=\/promo; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(draw(VARIANTS, 'lnk_1', '/help', true).cookies[3]).toMatch(/; Path=\/help; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure$/);
  });
});

describe('variants input', () => {
  const paths = (input: unknown) => {
    const r = variantsSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('takes 2 to 10 whole-number weights of 1-100 summing to 100, each URL once', () => {
    expect(paths(VARIANTS)).toEqual([]);
    expect(paths(null)).toEqual([]);
    expect(paths([{ url: 'https://a.test/', weight: 100 }])).toEqual([': must have at least 2 variants']);
    expect(paths([VARIANTS[0], { ...VARIANTS[1], weight: 40 }])).toEqual([': weights must sum to 100 (they sum to 90)']);
    expect(paths([VARIANTS[0], { url: 'https://a.test/', weight: 50 }])).toEqual(['1.url: is already the URL of another variant']);
    expect(
      paths([
        { url: 'ftp://a.test/', weight: 50.5 },
        { url: 'https://b.test/', weight: 0 },
      ]),
    ).toEqual(['0.url: must be an absolute http or https URL (ftp: is refused)', '0.weight: must be a whole number', '1.weight: must be at least 1']);
  });
});
