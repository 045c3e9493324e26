import { URL_MAX, urlProblems } from './field-rules.js';
import { displayTextSchema } from './text.js';
import { z } from './zod.js';

export const REPORT_REASON_MAX = 1000;

/** The reported URL: the short link (or any URL it leads to); a bare `host/path` is read as https. */
export const reportedUrlSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(URL_MAX, `must be at most ${URL_MAX} characters`)
  .transform((v, ctx) => {
    // "go.example.com/abc" and "localhost:8080/abc" name a host; "javascript:…" is a scheme (and refused).
    const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(v) || /^(?:javascript|data|vbscript|file|mailto|about|blob):/i.test(v) ? v : `https://${v}`;
    for (const message of urlProblems(url)) ctx.addIssue({ code: 'custom', message });
    return url;
  });

/** POST /report: `{"url", "reason"}` as JSON or a form. */
export const reportSchema = z.strictObject({
  url: reportedUrlSchema,
  // A form's textarea sends line breaks: they become spaces.
  reason: z
    .preprocess((v) => (typeof v === 'string' ? v.replace(/[\r\n\t]+/g, ' ') : v), displayTextSchema(1, REPORT_REASON_MAX).nullish())
    .transform((v) => v ?? null),
});
export type ReportInput = z.output<typeof reportSchema>;
