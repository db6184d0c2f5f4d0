import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const doc = readFileSync(path.join(root, 'docs/security.md'), 'utf8');

/** Apostrophes are typed either way in test names; the page need not match which. */
const plain = (s: string) => s.replace(/[’‘]/g, "'").trim();

/** `file` › test name; › another test … as the page's "proved by" cells cite them. */
function citations() {
  const found: { file: string; name: string }[] = [];
  for (const line of doc.split('\n').filter((l) => l.startsWith('|'))) {
    const parts = line.split(/`([^`]+\.test\.tsx?)`/);
    for (let i = 1; i < parts.length; i += 2) {
      const file = parts[i];
      const cited = parts[i + 1]
        .split('›')
        .slice(1)
        .map((name) => plain(name.replace(/\|.*$/, '')));
      for (const name of cited) found.push({ file, name });
    }
  }
  return found;
}

function testNames(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/\bit\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g)].map((m) => plain(m[2].replace(/\\(.)/g, '$1')));
}

describe('docs/security.md', () => {
  it('cites only tests that exist, by file and name', () => {
    const cites = citations();
    expect(cites.length).toBeGreaterThan(60);
    const missing: string[] = [];
    for (const { file, name } of cites) {
      const full =
        file.startsWith('apps/') || file.startsWith('packages/')
          ? path.join(root, file)
          : path.join(root, 'apps/server/src', file);
      if (!existsSync(full)) {
        missing.push(`${file} (no such file)`);
        continue;
      }
      // A citation may go on after the test's name: "; and …", " (two instances)".
      const known = testNames(full).some(
        (t) => name === t || (name.startsWith(t) && /^[;(\s]/.test(name.slice(t.length))),
      );
      if (!known) missing.push(`${file} › ${name}`);
    }
    expect(missing).toEqual([]);
  });
});
