import { describe, expect, it } from 'vitest';
import { journeyStores } from '../support/journey-stores.js';

describe('the stores a dashboard journey runs on', () => {
  it('is SQLite unless LSK_TEST_DASHBOARD_STORES names more', () => {
    expect(journeyStores(undefined)).toEqual(['sqlite']);
    expect(journeyStores('')).toEqual(['sqlite']);
    expect(journeyStores('sqlite, mongodb')).toEqual(['sqlite', 'mongodb']);
    expect(journeyStores('mongodb')).toEqual(['mongodb']);
  });

  it('refuses a store it does not know, rather than run nothing', () => {
    expect(() => journeyStores('sqlite,postgres')).toThrow('unknown store "postgres"');
  });
});
