import { useQuery } from '@tanstack/react-query';
import { GATES_VERSION, practicesApi } from '@referwell/contracts';
import { call } from './api';
import { setSession, useSession } from './session';

/** Gates are set by Referwell, not in the app: a practice's rarely change while someone works. */
const GATES_STALE_MS = 5 * 60_000;

/**
 * Whether the current practice has a feature on (its gates, spec 2 §7), for the screens that offer
 * it: the navigation, settings. A gate counts as on until the practice says it is off, so while the
 * gates load (or fail to), and without a practice, nothing the practice is likely to have flickers away.
 */
export function useGates(): (gate: practicesApi.GateName) => boolean {
  const practiceId = useSession((session) => session.currentPractice?.practice.id ?? null);
  const { data } = useQuery({
    queryKey: ['practiceGates', practiceId],
    queryFn: async ({ signal }) => {
      const gates = await call(practicesApi.gates, {
        params: { id: practiceId! },
        // Spec 1 §9: the web app asks as WEB, version 4.3.0.
        query: { type: 'WEB', version: GATES_VERSION },
        signal,
      });
      // The client session holds the gates (spec 1 §1); sign-out clears them with the rest.
      setSession({ gates });
      return gates;
    },
    enabled: practiceId !== null,
    staleTime: GATES_STALE_MS,
  });
  return (gate) => data?.[gate] !== false;
}
