import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateKeyPairSync, randomBytes } from 'node:crypto';

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
 * Secrets come from the environment in production. In development and tests any that are missing
 * are generated once and kept in DATA_DIR/secrets.json so sessions survive a restart.
 */
export function loadSecrets(opts: { dataDir: string; sessionSecret?: string; persist: boolean }): Secrets {
  const file = path.join(opts.dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (opts.persist && existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const keys = stored.appPublicKey && stored.appPrivateKey ? stored : newKeyPair();
  const secrets: Secrets = {
    sessionSecret: opts.sessionSecret ?? stored.sessionSecret ?? randomBytes(32).toString('base64url'),
    appPublicKey: keys.appPublicKey!,
    appPrivateKey: keys.appPrivateKey!,
  };
  if (opts.persist) {
    mkdirSync(opts.dataDir, { recursive: true });
    const toKeep = { ...secrets, ...(opts.sessionSecret ? { sessionSecret: stored.sessionSecret } : {}) };
    writeFileSync(file, JSON.stringify(toKeep, null, 2), { mode: 0o600 });
  }
  return secrets;
}
