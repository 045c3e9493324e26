/**
 * Waits until a MongoDB-backed server has closed every hour before `before` into its sheets, with no
 * closing under way. A read while hours are being closed leaves them out for a moment
 * (docs/adr/0092), so tests that jump the clock past their clicks and then compare exact counts
 * start reading once nothing before the jump can be closed again. SQLite closes in one transaction:
 * nothing to wait for.
 */
import { MongoClient } from 'mongodb';
import { CLOSES, OPEN } from '../../src/storage/clicks/mongo-docs.js';
import type { Lsk } from './server.js';
import { waitFor } from './wait-for.js';

export async function hoursClosed(lsk: Lsk, before: number): Promise<void> {
  const url = lsk.env.DATABASE_URL ?? '';
  if (!url.startsWith('mongodb')) return;
  const client = await MongoClient.connect(url);
  try {
    const db = client.db();
    await waitFor(
      async () =>
        (await db.collection(OPEN).countDocuments({ h: { $lt: before } })) + (await db.collection(CLOSES).countDocuments({ closing: { $exists: true } })),
      (left) => left === 0,
      { timeout: 30_000, what: 'every hour before the jump closed' },
    );
  } finally {
    await client.close();
  }
}
