/**
 * The package as npm publishes it. The working tree's files (tracked and new, not the ignored
 * ones: no dist/, as in a fresh clone) are copied to a temp folder with this repository's
 * node_modules linked in, and `npm pack` runs there, so its `prepack` build is what ships and the
 * working tree's own dist/ is never touched. About 80 s, nearly all of it the build.
 *
 * The tarball is kept in `.tmp/pack-cache/`, named by a digest of every file that went into the
 * copy, so the test files that need it (package, front-end install, frameworks) build once per
 * tree instead of once each; any change to a source file packs afresh.
 */
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function run(cmd: string, args: string[], cwd: string, timeout = 600_000): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    timeout,
    maxBuffer: 64 << 20,
    env: { ...process.env, NO_COLOR: '1' },
  });
}

export function ok(r: SpawnSyncReturns<string>, what: string): string {
  assert.equal(r.status, 0, `${what} failed (exit ${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

export interface Packed {
  /** The tarball `npm pack` wrote into the temp folder. */
  tarball: string;
  /** Paths inside the tarball, without the `package/` prefix. */
  files: string[];
  /** The tarball extracted (`package/` in the temp folder), without node_modules. */
  pkgDir: string;
}

/** Packs a copy of `repo`'s working tree in `tmp` (or takes the same tree's cached tarball) and extracts it there. */
export function packTree(repo: string, tmp: string): Packed {
  const listed = ok(run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], repo), 'git ls-files')
    .split('\0')
    .filter((file) => file && existsSync(join(repo, file))); // deleted, not yet committed
  const { version } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string };
  const name = `conf-widgets-${version}.tgz`;
  const tarball = join(tmp, name);
  const cached = join(repo, '.tmp', 'pack-cache', `${treeDigest(repo, listed)}.tgz`);
  if (existsSync(cached)) {
    copyFileSync(cached, tarball);
  } else {
    const copy = join(tmp, 'tree');
    for (const file of listed) {
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      cpSync(join(repo, file), join(copy, file));
    }
    symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'), 'dir');
    // The build: about 80 s alone, over 10 min on this machine's 2 cores under other runs.
    ok(run('npm', ['pack', '--pack-destination', tmp], copy, 1_800_000), 'npm pack');
    mkdirSync(dirname(cached), { recursive: true });
    copyFileSync(tarball, `${cached}.part`);
    renameSync(`${cached}.part`, cached);
  }
  const files = ok(run('tar', ['-tzf', tarball], tmp), 'tar -t')
    .split('\n')
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ''));
  ok(run('tar', ['-xzf', tarball], tmp), 'tar -x');
  return { tarball, files, pkgDir: join(tmp, 'package') };
}

/** A digest of the tree's files, names and contents: the same tree packs to the same tarball. */
function treeDigest(repo: string, files: string[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort())
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(repo, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 32);
}
