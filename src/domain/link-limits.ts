/** Limits of a link's fields that code without zod needs as well (the dashboard bundles this file: no imports). */

/** The longest external_id: the caller's own id of a link, or an import's key. */
export const EXTERNAL_ID_MAX = 255;
