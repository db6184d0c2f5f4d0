import { useSession } from './session';

/** Who is looking, from which practice: referral, chat and patient calls are all made for the current practice. */
export interface PracticeScope {
  practiceId: number;
  practiceName: string;
  userId: number;
}

export function usePracticeScope(): PracticeScope | null {
  const membership = useSession((session) => session.currentPractice);
  const user = useSession((session) => session.currentUser);
  if (!membership || !user) return null;
  return { practiceId: membership.practice.id, practiceName: membership.practice.name, userId: user.id };
}
