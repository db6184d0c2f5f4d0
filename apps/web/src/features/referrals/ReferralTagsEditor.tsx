import { useState } from 'react';
import { Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { ErrorState, LoadingState } from '../../ui/States';
import { TagBadges } from './ReferralBadges';
import type { ReferralMutations } from './referralMutations';
import { referralTagsQuery, type ReferralDetail } from './referralQueries';

interface ReferralTagsEditorProps {
  practiceId: number;
  referral: ReferralDetail;
  mutations: ReferralMutations;
}

/** The practice's own tags on the referral: shown to its members only, chosen from its REFERRAL and GENERAL tags. */
export function ReferralTagsEditor({ practiceId, referral, mutations }: ReferralTagsEditorProps) {
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const tags = useQuery({ ...referralTagsQuery(practiceId), enabled: editing });
  const save = mutations.tags;

  if (!editing) {
    return (
      <Group gap="sm" align="center">
        {referral.tags.length > 0 ? (
          <TagBadges tags={referral.tags} />
        ) : (
          <Text size="sm" c="dimmed">
            No tags
          </Text>
        )}
        <Button
          size="xs"
          variant="subtle"
          onClick={() => {
            save.reset();
            setChosen(referral.tags.map((tag) => String(tag.id)));
            setEditing(true);
          }}
        >
          Edit tags
        </Button>
      </Group>
    );
  }

  let choices;
  if (tags.isPending) choices = <LoadingState label="Loading tags" />;
  else if (tags.isError)
    choices = <ErrorState title="Could not load the tags" error={tags.error} onRetry={() => void tags.refetch()} />;
  else if (tags.data.length === 0) {
    choices = (
      <Text size="sm">
        Your practice has no referral tags yet.{' '}
        <Anchor component={Link} to="/practice/settings/tags">
          Add tags in the practice settings
        </Anchor>
        .
      </Text>
    );
  } else {
    choices = (
      <Checkbox.Group label="Tags" value={chosen} onChange={setChosen}>
        <Group gap="md" mt="xs">
          {tags.data.map((tag) => (
            <Checkbox key={tag.id} value={String(tag.id)} label={tag.name} />
          ))}
        </Group>
      </Checkbox.Group>
    );
  }

  return (
    <Stack gap="xs">
      {choices}
      {save.isError && (
        <Text size="sm" c="red.8" role="alert">
          Could not save the tags: {errorMessage(save.error)}
        </Text>
      )}
      <Group gap="xs">
        <Button
          size="xs"
          loading={save.isPending}
          disabled={!tags.isSuccess}
          onClick={() => save.mutate(chosen.map(Number), { onSuccess: () => setEditing(false) })}
        >
          Save tags
        </Button>
        <Button size="xs" variant="default" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
