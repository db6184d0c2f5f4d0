import type { PlatformContext } from '../context.js';

export { createScanner, SCANNER_DISABLED_WARNING, type ScanResult, type Scanner } from './scanner.js';

/** The scanner's line in /api/v1/health: disabled (ok, and says so), clamd answering, or failing. */
export async function scannerHealth(ctx: PlatformContext): Promise<{ name: 'scanner'; ok: boolean; detail: string }> {
  const { scanner } = ctx;
  if (scanner.mode === 'disabled')
    return { name: 'scanner', ok: true, detail: 'disabled: files are marked clean without scanning' };
  try {
    await scanner.ping();
    return { name: 'scanner', ok: true, detail: 'clamd' };
  } catch (err) {
    // The error names the scanner's address; it goes to the log, not to this public page.
    ctx.log.error({ err }, 'health: the virus scanner does not answer');
    return { name: 'scanner', ok: false, detail: 'clamd not answering: new files wait in scanning' };
  }
}
