import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { createClamdScanner } from './clamd.js';

export type ScanResult = { status: 'clean'; signature?: undefined } | { status: 'infected'; signature: string };

/** A virus scanner. `scan` throws when it cannot give a verdict (the file then stays `scanning`). */
export interface Scanner {
  readonly mode: 'clamd' | 'disabled';
  scan(source: Readable): Promise<ScanResult>;
  /** Throws when the scanner does not answer. */
  ping(): Promise<void>;
}

export const SCANNER_DISABLED_WARNING = 'scanner disabled: files are marked clean without scanning';

/** Development without clamd: every file is clean, and the log and health say so. */
function createDisabledScanner(log: FastifyBaseLogger): Scanner {
  log.warn(SCANNER_DISABLED_WARNING);
  return {
    mode: 'disabled',
    async scan(source) {
      // Not read; its failure to open (if any) must not go unheard.
      source.on('error', () => {}).destroy();
      return { status: 'clean' };
    },
    async ping() {},
  };
}

/** clamd when CLAMD_HOST is set; otherwise, outside production only, the disabled scanner. */
export function createScanner(config: Pick<Config, 'clamd' | 'isProduction'>, log: FastifyBaseLogger): Scanner {
  if (config.clamd) return createClamdScanner(config.clamd);
  // config.ts already refuses production without CLAMD_HOST; this keeps the rule where it matters.
  if (config.isProduction) throw new Error('a virus scanner (CLAMD_HOST) is required in production');
  return createDisabledScanner(log);
}
