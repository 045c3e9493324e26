import { describe, expect, it } from 'vitest';
import { clientOptions, OUTAGE_BOUNDS } from '../../src/storage/mongo/client-options.js';

describe('MongoDB client options (docs/adr/0022)', () => {
  it('bound server selection, checks and retries by default', () => {
    expect(clientOptions('mongodb://db:27017/lsk', {})).toMatchObject({ ...OUTAGE_BOUNDS, appName: 'lsk', ignoreUndefined: true });
    expect(OUTAGE_BOUNDS.heartbeatFrequencyMS + OUTAGE_BOUNDS.connectTimeoutMS).toBeLessThanOrEqual(2500);
  });

  it('leave to DATABASE_URL what it sets itself, whatever its case', () => {
    const o = clientOptions('mongodb://db:27017/lsk?replicaSet=rs0&ConnectTimeoutMS=2000&retryWrites=true', {});
    expect(o).not.toHaveProperty('connectTimeoutMS');
    expect(o).not.toHaveProperty('retryWrites');
    expect(o).toMatchObject({ serverSelectionTimeoutMS: 800, heartbeatFrequencyMS: 500, retryReads: false });
  });

  it('take explicit overrides over the defaults', () => {
    expect(clientOptions('mongodb://db/lsk', { serverSelectionTimeoutMS: 300, connectTimeoutMS: undefined })).toMatchObject({
      serverSelectionTimeoutMS: 300,
      connectTimeoutMS: 2000,
    });
  });
});
