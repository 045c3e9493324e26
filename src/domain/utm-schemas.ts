import { prefixedIdSchema } from './ids.js';
import { displayTextSchema } from './text.js';
import { z } from './zod.js';

/** UTM values a link sets on its target URL (utm_source, utm_medium, ...), and workspace templates of them. */
export { UTM_KEYS, type UtmKey } from './utm-url.js';
export const UTM_VALUE_MAX = 100;

const utmValue = displayTextSchema(1, UTM_VALUE_MAX);

const utmObject = z.strictObject({
  source: utmValue.optional(),
  medium: utmValue.optional(),
  campaign: utmValue.optional(),
  term: utmValue.optional(),
  content: utmValue.optional(),
});
export type Utm = z.output<typeof utmObject>;

/** `utm` of a link: any of the five keys; null or {} clears. */
export const utmSchema = utmObject.nullable().transform((v): Utm | null => (v === null || Object.keys(v).length === 0 ? null : v));

export const UTM_TEMPLATE_NAME_MAX = 64;
export const UTM_TEMPLATES_MAX = 100;

/** POST /v1/utm-templates, createUtmTemplate. */
export const createUtmTemplateSchema = z.strictObject({
  name: displayTextSchema(1, UTM_TEMPLATE_NAME_MAX),
  source: utmValue.nullish(),
  medium: utmValue.nullish(),
  campaign: utmValue.nullish(),
  term: utmValue.nullish(),
  content: utmValue.nullish(),
});
export type CreateUtmTemplateInput = z.output<typeof createUtmTemplateSchema>;

/** PATCH /v1/utm-templates/{id}, updateUtmTemplate: any subset; null clears a value. */
export const updateUtmTemplateSchema = createUtmTemplateSchema.partial().extend({ name: displayTextSchema(1, UTM_TEMPLATE_NAME_MAX).optional() });
export type UpdateUtmTemplateInput = z.output<typeof updateUtmTemplateSchema>;

const storedValue = z.string().min(1).max(UTM_VALUE_MAX).nullable();

/** A UTM template as returned. */
export const utmTemplateSchema = z.object({
  id: prefixedIdSchema('utm'),
  name: z.string().min(1).max(UTM_TEMPLATE_NAME_MAX),
  source: storedValue,
  medium: storedValue,
  campaign: storedValue,
  term: storedValue,
  content: storedValue,
  created_at: z.iso.datetime({ precision: 3 }),
  updated_at: z.iso.datetime({ precision: 3 }),
});
export const utmTemplateListSchema = z.object({ data: z.array(utmTemplateSchema).max(UTM_TEMPLATES_MAX) });
