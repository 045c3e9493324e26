import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { sqlitePath } from '../config/project.js';
import { type Command, InvalidArgument } from './command.js';

export const backupCommand: Command = {
  name: 'backup',
  arg: '<file>',
  synopsis: '<file>',
  summary: 'Copy the SQLite store to a new file, online (the server may keep running).',
  details:
    'The file (relative to the current directory) must not exist yet. To restore, stop lsk and put the copy in place of the database file (see docs/deploying.md). MongoDB is backed up with mongodump instead. Result: {"backup", "database", "bytes"} as JSON.',
  options: {},
  usesStore: false,
  async run({ arg, config }) {
    const source = sqlitePath(config.databaseUrl);
    if (source === null) throw new InvalidArgument('backup copies the SQLite store only; DATABASE_URL is MongoDB: use mongodump (see docs/deploying.md)');
    if (source === ':memory:') throw new InvalidArgument('DATABASE_URL is an in-memory database: there is nothing to back up');
    if (!existsSync(source)) throw new InvalidArgument(`no database at ${source}: nothing to back up`);
    const target = resolve(arg);
    if (!existsSync(dirname(target))) throw new InvalidArgument(`cannot write ${target}: the folder ${dirname(target)} does not exist`);
    const { backupSqlite } = await import('../storage/sqlite/backup.js');
    await backupSqlite(source, target);
    const bytes = statSync(target).size;
    return [`backed up SQLite ${source} to ${target} (${bytes} bytes)`, JSON.stringify({ backup: target, database: source, bytes })];
  },
};
