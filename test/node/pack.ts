/**
 * The package as npm publishes it. The working tree's files (tracked and new, not the ignored
 * ones: no dist/, as in a fresh clone) are copied to a temp folder with this repository's
 * node_modules linked in, and `npm pack` runs there, so its `prepack` build is what ships and the
 * working tree's own dist/ is never touched. About 80 s, nearly all of it the build.
 */
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
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

/** Packs a copy of `repo`'s working tree in `tmp` and extracts the tarball there. */
export function packTree(repo: string, tmp: string): Packed {
  const copy = join(tmp, 'tree');
  const listed = ok(run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], repo), 'git ls-files');
  for (const file of listed.split('\0').filter(Boolean)) {
    if (!existsSync(join(repo, file))) continue; // deleted, not yet committed
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(repo, file), join(copy, file));
  }
  symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const { version } = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as { version: string };
  // The build: about 80 s alone, over 10 min on this machine's 2 cores under other runs.
  ok(run('npm', ['pack', '--pack-destination', tmp], copy, 1_800_000), 'npm pack');
  const tarball = join(tmp, `conf-widgets-${version}.tgz`);
  const files = ok(run('tar', ['-tzf', tarball], tmp), 'tar -t')
    .split('\n')
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ''));
  ok(run('tar', ['-xzf', tarball], tmp), 'tar -x');
  return { tarball, files, pkgDir: join(tmp, 'package') };
}
