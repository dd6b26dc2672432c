/** Opens (and migrates) the sandbox database: a file under `.data/` by default, or `:memory:`. */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { Database as Db } from 'better-sqlite3';
import type BetterSqlite3 from 'better-sqlite3';
import { migrate } from './migrations.js';

/** What to run when the sandbox's database driver is not installed. */
export const SQLITE_INSTALL_LINE = 'npm install better-sqlite3';

/**
 * better-sqlite3, loaded when a database is opened rather than when the module is imported: it is
 * an optional peer dependency of the package (native code, compiled or downloaded at install), so
 * an app that only uses the elements or the proxy never installs it. Without it, opening a
 * database says what to install instead of failing with a bare module-not-found.
 */
function loadSqlite(): typeof BetterSqlite3 {
  const requireHere = createRequire(import.meta.url);
  try {
    return requireHere('better-sqlite3') as typeof BetterSqlite3;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'MODULE_NOT_FOUND' && String(e.message).includes("'better-sqlite3'")) {
      throw new Error(
        `The sandbox needs better-sqlite3, an optional peer dependency of conf-widgets that is not installed. Run: ${SQLITE_INSTALL_LINE}`,
        { cause: err },
      );
    }
    throw err;
  }
}

export const DEFAULT_DB_PATH = '.data/sandbox.db';

export function openDatabase(path: string = DEFAULT_DB_PATH): Db {
  const memory = path === ':memory:';
  if (!memory) mkdirSync(dirname(path), { recursive: true });
  const Database = loadSqlite();
  const db = new Database(path);
  // WAL lets the CLI change settings while a server reads the same file.
  if (!memory) db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  migrate(db);
  return db;
}
