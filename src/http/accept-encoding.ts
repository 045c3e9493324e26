export type Encoding = 'br' | 'gzip';

/**
 * The encoding to send a body in, from the request's Accept-Encoding (RFC 9110, 12.5.3): of the
 * encodings offered, the one the client weighs highest (q, default 1; `*` for any not named;
 * q=0 refuses), brotli before gzip when equal; null for the body as it is.
 */
export function pickEncoding(header: string | undefined, offered: readonly Encoding[]): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [raw, ...params] = part.toLowerCase().split(';');
    const name = raw!.trim();
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of offered) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}
