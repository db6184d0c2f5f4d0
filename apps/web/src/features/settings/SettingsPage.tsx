import { Stack } from '@mantine/core';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../lib/pageTitle';
import { useSession } from '../../lib/session';
import { EmptyMessage } from '../../ui/States';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ChangePhoneForm } from './ChangePhoneForm';
import { ProfileForm } from './ProfileForm';
import { SettingsSection } from './SettingsSection';
import { UserSettingsForm } from './UserSettingsForm';

export function SettingsPage() {
  usePageTitle('Settings');
  const user = useSession((session) => session.currentUser);
  const practice = useSession((session) => session.currentPractice);
  if (!user) return null;

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Settings" description="Your profile, how Referwell behaves for you, and how you sign in." />
      <SettingsSection title="Profile">
        <ProfileForm key={user.id} user={user} />
      </SettingsSection>
      <SettingsSection
        title="Notifications and calendar"
        description={practice ? `These apply while you work in ${practice.practice.name}.` : undefined}
      >
        {practice ? (
          <UserSettingsForm userId={user.id} practiceId={practice.practice.id} />
        ) : (
          <EmptyMessage title="No practice selected">Choose a practice to change your settings for it.</EmptyMessage>
        )}
      </SettingsSection>
      <SettingsSection title="Password" description="Changing your password signs you out everywhere else.">
        <ChangePasswordForm />
      </SettingsSection>
      <SettingsSection title="Phone number" description="Used for sign-in codes and text notifications.">
        <ChangePhoneForm user={user} />
      </SettingsSection>
    </Stack>
  );
}
