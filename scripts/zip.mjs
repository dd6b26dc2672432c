// A small ZIP writer (deflate, node:zlib only) for the WordPress plugin's installable archive,
// so the build and CI need no `zip` program and no dependency. Entries are sorted and dated
// 1980-01-01, so the same files always give the same bytes.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';

/** MS-DOS date 1980-01-01, time 00:00 (the format's earliest). */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const DOS_TIME = 0;
/** Bit 11: names are UTF-8. */
const FLAGS = 0x0800;

/** Files under `dir` (relative POSIX paths, directories ending in '/'), sorted, parents first. */
function listTree(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) => {
      const rel = prefix + e.name;
      if (e.isDirectory()) return [`${rel}/`, ...listTree(join(dir, e.name), `${rel}/`)];
      return e.isFile() ? [rel] : [];
    });
}

/**
 * The ZIP archive of the directory `dir`, its entries under `root/` (the folder a WordPress
 * plugin's archive holds).
 * @param {string} dir
 * @param {string} root
 * @returns {Buffer}
 */
export function zipDirectory(dir, root) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const rel of [`${root}/`, ...listTree(dir).map((p) => `${root}/${p}`)]) {
    const isDir = rel.endsWith('/');
    const source = join(dir, posix.relative(root, rel));
    const data = isDir ? Buffer.alloc(0) : readFileSync(source);
    const deflated = isDir ? data : deflateRawSync(data, { level: 9 });
    // Stored when deflate does not help (tiny or already compressed files).
    const method = !isDir && deflated.length < data.length ? 8 : 0;
    const body = method === 8 ? deflated : data;
    const crc = isDir ? 0 : crc32(data);
    const name = Buffer.from(rel, 'utf8');
    const mode = isDir ? 0o40755 : statSync(source).mode & 0o111 ? 0o100755 : 0o100644;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by: Unix, 2.0 (so the modes below are read)
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(FLAGS, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    // extra, comment, disk, internal attributes: 0
    central.writeUInt32LE(((mode << 16) | (isDir ? 0x10 : 0)) >>> 0, 38);
    central.writeUInt32LE(offset, 42);

    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = centrals.length / 2;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
