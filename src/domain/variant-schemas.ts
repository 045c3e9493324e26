import { urlRule } from './urls.js';
import { z } from './zod.js';

/** A/B variants: 2 to 10 target URLs with whole-number weights (1-100) that sum to 100. */
export const VARIANTS_MIN = 2;
export const VARIANTS_MAX = 10;

export const variantSchema = z.strictObject({
  url: urlRule(),
  weight: z.int({ error: 'must be a whole number' }).min(1, 'must be at least 1').max(100, 'must be at most 100'),
});
export type Variant = z.output<typeof variantSchema>;

/** `variants` of a link: null clears. Each URL once (a click records the URL of its variant). */
export const variantsSchema = z
  .array(variantSchema)
  .min(VARIANTS_MIN, `must have at least ${VARIANTS_MIN} variants`)
  .max(VARIANTS_MAX, `must have at most ${VARIANTS_MAX} variants`)
  .superRefine((list, ctx) => {
    const sum = list.reduce((n, v) => n + (Number.isInteger(v.weight) ? v.weight : 0), 0);
    if (sum !== 100) ctx.addIssue({ code: 'custom', message: `weights must sum to 100 (they sum to ${sum})` });
    const seen = new Set<string>();
    list.forEach((v, i) => {
      if (seen.has(v.url)) ctx.addIssue({ code: 'custom', path: [i, 'url'], message: 'is already the URL of another variant' });
      seen.add(v.url);
    });
  })
  .nullable()
  .meta({ description: '2-10 {url, weight}; whole-number weights 1-100 summing to 100; each URL once; null clears.' });
