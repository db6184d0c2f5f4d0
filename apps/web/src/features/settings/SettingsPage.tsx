import { Stack } from '@mantine/core';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../lib/pageTitle';
import { useSession } from '../../lib/session';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ChangePhoneForm } from './ChangePhoneForm';
import { ProfileForm } from './ProfileForm';
import { ProfilePhotoUpload } from './ProfilePhotoUpload';
import { ProviderMatchingSettings } from './ProviderMatchingSettings';
import { BecomeProvider } from './BecomeProvider';
import { ProfessionalDetailsSettings } from './ProfessionalDetailsForm';
import { Section } from '../../ui/Section';

/**
 * My settings offers only what works. The per-practice user settings of spec 1 (notification
 * sounds, appointment e-mails and rescheduling notices, help screens, the calendar's slot height)
 * belong to features this app does not have yet, so none is shown: each comes back with its area.
 */
export function SettingsPage() {
  usePageTitle('Settings');
  const user = useSession((session) => session.currentUser);
  const practice = useSession((session) => session.currentPractice);
  if (!user) return null;

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Settings" description="Your profile and how you sign in." />
      <Section title="Profile">
        <ProfileForm key={user.id} user={user} />
      </Section>
      <Section
        title="Profile photo"
        description="A PNG, JPEG, GIF or WebP image; it is checked for viruses before anyone sees it."
      >
        <ProfilePhotoUpload key={user.id} user={user} practiceId={practice?.practice.id ?? null} />
      </Section>
      {user.kind === 'PROVIDER' && (
        <Section title="Professional details" description="Other practices see these on your profile.">
          <ProfessionalDetailsSettings key={user.id} userId={user.id} />
        </Section>
      )}
      <BecomeProvider user={user} />
      <ProviderMatchingSettings user={user} />
      <Section title="Password" description="Changing your password signs you out everywhere else.">
        <ChangePasswordForm />
      </Section>
      <Section title="Phone number" description="Used for sign-in codes and text notifications.">
        <ChangePhoneForm user={user} />
      </Section>
    </Stack>
  );
}
