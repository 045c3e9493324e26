import { urlProblems } from './field-rules.js';
import { displayTextSchema } from './text.js';
import { z } from './zod.js';

/** The social preview (Open Graph / Twitter card) that link-preview crawlers get instead of a redirect. */
export const PREVIEW_TITLE_MAX = 120;
export const PREVIEW_DESCRIPTION_MAX = 300;

/** The card image: an https URL. */
export const previewImageSchema = z
  .string()
  .superRefine((v, ctx) => {
    const problems = urlProblems(v);
    for (const message of problems) ctx.addIssue({ code: 'custom', message });
    if (problems.length === 0 && !v.toLowerCase().startsWith('https:')) ctx.addIssue({ code: 'custom', message: 'must be an https URL' });
  })
  .meta({ type: 'string', format: 'uri', maxLength: 8192, pattern: '^[Hh][Tt][Tt][Pp][Ss]://[^\\u0000-\\u0020\\u007f]+$' });

const previewObject = z.strictObject({
  title: displayTextSchema(1, PREVIEW_TITLE_MAX).optional(),
  description: displayTextSchema(1, PREVIEW_DESCRIPTION_MAX).optional(),
  image: previewImageSchema.optional(),
});
export type Preview = z.output<typeof previewObject>;

/** `preview` of a link: any of title, description, image; null or {} clears. */
export const previewSchema = previewObject.nullable().transform((v): Preview | null => (v === null || Object.keys(v).length === 0 ? null : v));
