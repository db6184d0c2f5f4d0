import { useQuery } from '@tanstack/react-query';
import type { User } from '@referwell/contracts';
import { practicesQuery } from '../../lib/practicesQuery';
import { Section } from '../../ui/Section';
import { InsuranceSettings } from './InsuranceSettings';
import { SpecialitiesSettings } from './SpecialitiesSettings';

/**
 * What specialty referrals are matched on: the speciality a provider practises and the insurance
 * they accept in the practice (decisions.md). Only someone holding PROVIDER somewhere is ever
 * matched, so no one else is shown these; insurances are asked only where they are a provider.
 */
export function ProviderMatchingSettings({ user }: { user: User }) {
  const practices = useQuery({ ...practicesQuery(), enabled: user.kind === 'PROVIDER' });
  const seesPatientsAt = (practices.data ?? [])
    .filter((membership) => membership.roles.includes('PROVIDER'))
    .map((membership) => membership.practice);
  if (user.kind !== 'PROVIDER' || seesPatientsAt.length === 0) return null;

  return (
    <>
      <Section
        title="Specialities"
        description="Specialty referrals from other practices are offered to providers who practise the speciality."
      >
        <SpecialitiesSettings userId={user.id} />
      </Section>
      <Section
        title="Insurances you accept"
        description="A referral that names an insurance is offered only where its provider accepts it. Each change is saved as you make it."
      >
        <InsuranceSettings userId={user.id} practices={seesPatientsAt} />
      </Section>
    </>
  );
}
