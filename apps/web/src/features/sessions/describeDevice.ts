import type { AuthApp } from '@referwell/contracts';
import { truncate } from '../../lib/truncate';

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

function first(list: Array<[RegExp, string]>, text: string): string | null {
  return list.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/** A person-readable name for a session's user agent, e.g. "Firefox on Windows". */
export function describeDevice(userAgent: string): string {
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  return userAgent.trim() ? truncate(userAgent.trim(), 40) : 'Unknown device';
}

const APP_LABELS: Partial<Record<AuthApp, string>> = {
  PROVIDER_WEB: 'Web app',
  PROVIDER_MOBILE: 'Mobile app',
  ADMIN_WEB: 'Admin web app',
  MOBILE: 'Mobile app',
};

export function appLabel(app: AuthApp): string {
  return APP_LABELS[app] ?? app.replace(/_/g, ' ').toLowerCase();
}
