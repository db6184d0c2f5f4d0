#!/usr/bin/env node
// Builds the web app unless the last build was made from the same sources, so `npm start` on an
// existing install starts the server at once. The fingerprint covers everything the build reads:
// the app's sources and pages, the shared contracts, the build's configuration and the installed
// dependency versions (the lockfile).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/chat',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/contracts/src',
  'package-lock.json',
];
const stamp = path.join(root, 'apps/web/dist/.sources');

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
}

const hash = createHash('sha256');
for (const file of inputs.flatMap((input) => [...files(input)])) {
  // Tests are not part of the build; leaving them out means editing one does not rebuild.
  if (/\.test\.tsx?$/.test(file)) continue;
  hash
    .update(file)
    .update('\0')
    .update(readFileSync(path.join(root, file)))
    .update('\0');
}
const fingerprint = hash.digest('hex');

if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== fingerprint) {
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, fingerprint);
} else {
  console.log('web app is up to date with its sources (npm run build rebuilds it anyway)');
}
