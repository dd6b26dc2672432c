/** Opens (and migrates) the sandbox database: a file under `.data/` by default, or `:memory:`. */
import Database, { type Database as Db } from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate } from './migrations.js';

export const DEFAULT_DB_PATH = '.data/sandbox.db';

export function openDatabase(path: string = DEFAULT_DB_PATH): Db {
  const memory = path === ':memory:';
  if (!memory) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // WAL lets the CLI change settings while a server reads the same file.
  if (!memory) db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  migrate(db);
  return db;
}
