import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle';
import { usePracticeScope, type PracticeScope } from '../../lib/practiceScope';
import { NoPracticeMessage } from '../../ui/NoPracticeMessage';
import { PageHeader } from '../../ui/PageHeader';
import { PeopleContacts } from './PeopleContacts';
import { PracticeContacts } from './PracticeContacts';

/** The address book: the practices the current practice works with, and the people the signed-in person keeps. */
export function ContactsPage() {
  usePageTitle('Contacts');
  const scope = usePracticeScope();
  if (!scope)
    return <NoPracticeMessage title="Contacts" description="The practices and people you refer to and chat with." />;
  // Keyed by practice: a search typed in one practice's book means nothing in the next.
  return <AddressBook key={scope.practiceId} scope={scope} />;
}

function AddressBook({ scope }: { scope: PracticeScope }) {
  // The tab is in the address (?tab=people), so a reload or a shared link opens the same one.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'people' ? 'people' : 'practices';
  return (
    <Stack gap="lg">
      <PageHeader
        title="Contacts"
        description={`The practices ${scope.practiceName} works with, and the people you keep at hand.`}
      />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'people' ? { tab: 'people' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="practices">Practices</Tabs.Tab>
          <Tabs.Tab value="people">People</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="practices" pt="md">
          <PracticeContacts scope={scope} />
        </Tabs.Panel>
        <Tabs.Panel value="people" pt="md">
          <PeopleContacts scope={scope} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
