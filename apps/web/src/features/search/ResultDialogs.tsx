import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { searchApi } from '@referwell/contracts';
import { useSession } from '../../lib/session';
import { personName } from '../../lib/names';
import { PhoneLink } from '../../ui/PhoneLink';
import { ErrorState, LoadingState } from '../../ui/States';
import { practiceSummaryQuery } from '../join';
import { PersonProfile } from './PersonProfile';
import { userProfileQuery } from './profileQuery';

type SearchResult = searchApi.SearchResult;

interface DialogProps {
  title?: string;
  onClose: () => void;
  /** Called once the dialog is gone, to put the focus somewhere else than where it was opened from. */
  onClosed?: () => void;
}

/** What opens for a chosen search result: a practice's summary or a person's profile. */
export function ResultDialog({ result, ...props }: Omit<DialogProps, 'title'> & { result: SearchResult | null }) {
  return (
    <>
      <PracticeDialog practiceId={result?.type === 'PRACTICE' ? result.id : null} title={result?.title} {...props} />
      {/* A PATIENT result's id is a patient's, not a user's: it has no profile dialog. */}
      <PersonDialog
        userId={result && (result.type === 'USER' || result.type === 'PROVIDER') ? result.id : null}
        title={result?.title}
        {...props}
      />
    </>
  );
}

function PracticeDialog({ practiceId, title, onClose, onClosed }: DialogProps & { practiceId: number | null }) {
  const summary = useQuery(practiceSummaryQuery(practiceId));
  const member = useSession((s) => s.practices.some((m) => m.practice.id === practiceId));

  let content;
  if (summary.isPending) content = <LoadingState label="Loading the practice" />;
  else if (summary.isError) {
    content = (
      <ErrorState
        title="Could not load the practice"
        error={summary.error}
        onRetry={() => void summary.refetch()}
        retrying={summary.isFetching}
      />
    );
  } else {
    const practice = summary.data;
    content = (
      <Stack gap="sm">
        <Text>{practice.address ?? 'No address given'}</Text>
        {practice.phoneNumber && (
          <Text>
            Phone: <PhoneLink phone={practice.phoneNumber} />
          </Text>
        )}
        <Group justify="flex-end" mt="sm">
          {member ? (
            <Badge variant="light" color="teal">
              You are a member
            </Badge>
          ) : (
            <Button component={Link} to={`/practices/join?practiceId=${practice.id}`} onClick={onClose}>
              Request to join
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Modal
      opened={practiceId !== null}
      onClose={onClose}
      title={summary.data?.name ?? title ?? 'Practice'}
      centered
      returnFocus={!onClosed}
      onExitTransitionEnd={onClosed}
    >
      {content}
    </Modal>
  );
}

function PersonDialog({ userId, title, onClose, onClosed }: DialogProps & { userId: number | null }) {
  const profile = useQuery(userProfileQuery(userId));

  let content;
  if (profile.isPending) content = <LoadingState label="Loading the profile" />;
  else if (profile.isError) {
    content = (
      <ErrorState
        title="Could not load the profile"
        error={profile.error}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  } else content = <PersonProfile person={profile.data} />;

  const name = profile.data ? personName(profile.data) : (title ?? 'Profile');
  return (
    <Modal
      opened={userId !== null}
      onClose={onClose}
      title={name}
      centered
      returnFocus={!onClosed}
      onExitTransitionEnd={onClosed}
    >
      {content}
    </Modal>
  );
}
