import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LinkCardItem } from '../../ui/LinkCardItem';
import { Section } from '../../ui/Section';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { chatPaths, ChatSummaryLines, ChatWithPatientButton } from '../chats';
import { patientChatsQuery, type Patient } from './patientQueries';
import type { PracticeScope } from '../../lib/practiceScope';

export const NO_PHONE_HINT = 'Add a phone number to chat: the patient is texted a link to the chat.';

/** The practice's chats with the patient, and the button that opens (or starts) one. */
export function PatientChats({ scope, patient }: { scope: PracticeScope; patient: Patient }) {
  const chats = useQuery(patientChatsQuery(scope.practiceId, patient.id));

  let content;
  if (chats.isPending) content = <LoadingState label="Loading the patient's chats" />;
  else if (chats.isError) {
    content = (
      <ErrorState
        title="Could not load the patient's chats"
        error={chats.error}
        onRetry={() => void chats.refetch()}
        retrying={chats.isFetching}
      />
    );
  } else if (chats.data.length === 0) content = <EmptyMessage title="No chats with this patient yet" />;
  else {
    content = (
      <Stack component="ul" gap="xs" m={0} p={0} aria-label="Chats with the patient" style={{ listStyle: 'none' }}>
        {chats.data.map((chat) => (
          <LinkCardItem key={chat.id} to={chatPaths.chat(chat.id)}>
            <ChatSummaryLines chat={chat} />
          </LinkCardItem>
        ))}
      </Stack>
    );
  }
  return (
    <Section title="Chats">
      <Stack gap="sm">
        {patient.phoneNumber ? (
          <Group>
            <ChatWithPatientButton scope={scope} patientId={patient.id} />
          </Group>
        ) : (
          // The server texts the patient a link, so a chat cannot start without a number.
          <Group gap="sm" wrap="wrap">
            <Button variant="light" size="xs" disabled>
              Chat with patient
            </Button>
            <Text size="sm" c="dimmed">
              {NO_PHONE_HINT}
            </Text>
          </Group>
        )}
        {content}
      </Stack>
    </Section>
  );
}
