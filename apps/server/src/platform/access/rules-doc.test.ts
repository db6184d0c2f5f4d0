import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderAccessRules } from './rules-doc.js';

const architecture = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../ARCHITECTURE.md');

describe('access rules documentation', () => {
  it('ARCHITECTURE.md shows exactly the rules the server enforces', () => {
    // When this fails, paste the output of renderAccessRules() into ARCHITECTURE.md.
    expect(readFileSync(architecture, 'utf8')).toContain(renderAccessRules());
  });
});
