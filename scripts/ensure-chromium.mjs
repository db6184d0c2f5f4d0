#!/usr/bin/env node
// `npm test` ends in Chromium (the end-to-end flows and the accessibility sweep), and nothing here
// downloads a browser: it is Debian's chromium package. This runs first, so a fresh machine either
// gets it installed (as root with apt) or stops at once with the command to run, instead of failing
// twenty minutes later in the last step.
import { accessSync, constants } from 'node:fs';
import { spawnSync } from 'node:child_process';

const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const installed = () => {
  try {
    accessSync(browser, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

if (!installed()) {
  const asRoot = process.getuid?.() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (process.env.CHROMIUM_PATH || !asRoot || !apt) {
    console.error(
      process.env.CHROMIUM_PATH
        ? `CHROMIUM_PATH is ${browser}, which is not an executable browser.`
        : `The end-to-end tests need Chromium at ${browser}. Install it once, then run npm test again:\n\n` +
            `    sudo apt-get install -y chromium\n\n` +
            `(or set CHROMIUM_PATH to a Chromium or Chrome you already have).`,
    );
    process.exit(1);
  }
  console.log('Installing Debian’s chromium for the end-to-end tests (apt-get install -y chromium)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const step = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (step.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed; install chromium by hand and run npm test again.`);
      process.exit(1);
    }
  }
  if (!installed()) {
    console.error(`chromium was installed but ${browser} is still missing; set CHROMIUM_PATH to where it is.`);
    process.exit(1);
  }
}
