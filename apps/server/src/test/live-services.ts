/**
 * Tests against a live service (a real clamd, Redis, …) run when the TEST_* variables that point
 * at it are set, as .ci/run sets them. On a developer machine without the service they are
 * skipped; when REQUIRE_LIVE_SERVICES is on (CI turns it on) a missing variable fails the test
 * file instead, so a CI run whose service did not start cannot pass by skipping its tests.
 *
 *   const clamd = liveService('TEST_CLAMD_HOST', 'TEST_CLAMD_PORT');
 *   describe.runIf(clamd)('the real daemon', () => {
 *     const scanner = createClamdScanner({ host: clamd!.TEST_CLAMD_HOST, port: Number(clamd!.TEST_CLAMD_PORT) });
 *   });
 */
export const REQUIRE_LIVE_SERVICES = 'REQUIRE_LIVE_SERVICES';

const isOn = (value: string | undefined) =>
  value !== undefined && !['', '0', 'false', 'no'].includes(value.trim().toLowerCase());

/**
 * The values of the variables `names` when all are set; undefined when one is missing and live
 * services are optional. Throws, naming what is missing, when REQUIRE_LIVE_SERVICES is on.
 */
export function liveService<const Name extends string>(...names: [Name, ...Name[]]): Record<Name, string> | undefined {
  const missing = names.filter((name) => !process.env[name]);
  if (missing.length === 0)
    return Object.fromEntries(names.map((name) => [name, process.env[name]!])) as Record<Name, string>;
  if (!isOn(process.env[REQUIRE_LIVE_SERVICES])) return undefined;
  throw new Error(
    `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set, but ${REQUIRE_LIVE_SERVICES}=${process.env[REQUIRE_LIVE_SERVICES]} ` +
      'says these tests must run against the live service: start it and export its variables (as .ci/run does), ' +
      `or unset ${REQUIRE_LIVE_SERVICES} to skip them.`,
  );
}
