/**
 * `npm start`: the sandbox on PORT (default 4010) with the file database under `.data/`, and
 * how to call it.
 */
import { DEFAULT_DB_PATH } from '../sandbox/db/open.js';
import { banner } from '../sandbox/banner.js';
import { startSandbox } from '../sandbox/index.js';

const port = Number(process.env.PORT ?? 4010);
const started = await startSandbox({ db: DEFAULT_DB_PATH, port, hostname: process.env.HOST ?? '127.0.0.1' });
console.log(banner(started.url, [`  Database: ${DEFAULT_DB_PATH} (delete it to reseed)`]));
const stop = () => void started.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
