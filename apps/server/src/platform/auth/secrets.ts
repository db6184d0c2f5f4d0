import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';

export interface Secrets {
  sessionSecret: string;
  /** RSA-OAEP key pair whose public half clients use to encrypt sensitive answers (GET /auth/key). */
  appPublicKey: string;
  appPrivateKey: string;
}

function newKeyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { appPublicKey: publicKey, appPrivateKey: privateKey };
}

/**
 * Secrets come from the environment in production (SESSION_SECRET, APP_PRIVATE_KEY), so every
 * instance shares them. In development and tests any that are missing
 * are generated once and kept in DATA_DIR/secrets.json so sessions survive a restart.
 */
export function loadSecrets(opts: {
  dataDir: string;
  sessionSecret?: string;
  appPrivateKey?: string;
  persist: boolean;
}): Secrets {
  const file = path.join(opts.dataDir, 'secrets.json');
  const stored: Partial<Secrets> =
    opts.persist && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>) : {};
  const generated = {
    sessionSecret: stored.sessionSecret ?? randomBytes(32).toString('base64url'),
    ...(stored.appPublicKey && stored.appPrivateKey
      ? { appPublicKey: stored.appPublicKey, appPrivateKey: stored.appPrivateKey }
      : newKeyPair()),
  };
  if (opts.persist && (!stored.sessionSecret || !stored.appPublicKey)) {
    mkdirSync(opts.dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(generated, null, 2), { mode: 0o600 });
  }
  const appKeys = opts.appPrivateKey
    ? {
        appPrivateKey: opts.appPrivateKey,
        appPublicKey: createPublicKey(opts.appPrivateKey).export({ type: 'spki', format: 'pem' }).toString(),
      }
    : {};
  return { ...generated, ...appKeys, sessionSecret: opts.sessionSecret ?? generated.sessionSecret };
}
