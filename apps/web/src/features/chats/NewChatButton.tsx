import { useId, useState } from 'react';
import { Button, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { chatPaths } from './chatPaths';
import type { ChatSummary } from './chatQueries';
import { PatientChatForm } from './PatientChatForm';
import { PeopleChatForm } from './PeopleChatForm';
import { PracticeChatForm } from './PracticeChatForm';
import { useIsPhone } from '../../lib/useIsPhone';
import type { PracticeScope } from '../../lib/practiceScope';

type Kind = 'practice' | 'people' | 'patient';

const KINDS: { value: Kind; label: string }[] = [
  { value: 'practice', label: 'A practice' },
  { value: 'people', label: 'People' },
  { value: 'patient', label: 'A patient' },
];

export interface StartChatFormProps {
  scope: PracticeScope;
  onStarted: (chat: ChatSummary) => void;
  onCancel: () => void;
}

/** "New chat": with another practice, with people, or with a patient; the chat opens once started. */
export function NewChatButton({ scope }: { scope: PracticeScope }) {
  const [opened, { open, close }] = useDisclosure(false);
  const isPhone = useIsPhone();
  return (
    <>
      <Button onClick={open} style={{ flexShrink: 0 }}>
        New chat
      </Button>
      <Modal opened={opened} onClose={close} title="New chat" fullScreen={isPhone} size="lg">
        {/* Mounted only while open: each new chat starts from an empty form. */}
        {opened && <NewChatForm scope={scope} onDone={close} />}
      </Modal>
    </>
  );
}

function NewChatForm({ scope, onDone }: { scope: PracticeScope; onDone: () => void }) {
  const [kind, setKind] = useState<Kind>('practice');
  const kindLabel = useId();
  const navigate = useNavigate();
  const props: StartChatFormProps = {
    scope,
    onCancel: onDone,
    onStarted: (chat) => {
      onDone();
      void navigate(chatPaths.chat(chat.id));
    },
  };
  return (
    <Stack gap="md">
      <div>
        <Text size="sm" fw={500} id={kindLabel}>
          Chat with
        </Text>
        <SegmentedControl
          aria-labelledby={kindLabel}
          fullWidth
          data={KINDS}
          value={kind}
          onChange={(value) => setKind(value)}
        />
      </div>
      {kind === 'practice' && <PracticeChatForm {...props} />}
      {kind === 'people' && <PeopleChatForm {...props} />}
      {kind === 'patient' && <PatientChatForm {...props} />}
    </Stack>
  );
}
