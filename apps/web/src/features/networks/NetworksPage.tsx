import { useEffect, useRef, useState } from 'react';
import { Anchor, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { networksApi, type PracticeMembership } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/pageTitle';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { MemberOfList } from './MemberOfList';
import { NetworkForm } from './NetworkForm';
import { networksKey, practiceNetworksQuery } from './networkQueries';
import { moveButtonId, TierCard, type MoveDirection } from './TierCard';

const MANAGER_ROLES = new Set(['ADMIN', 'THIRD_PARTY_ADMIN']);

export function NetworksPage() {
  usePageTitle('Networks');
  const current = useSession((s) => s.currentPractice);
  if (!current) {
    return (
      <Stack gap="lg" maw={880}>
        <PageHeader title="Networks" description="The groups of practices your practice refers to, tier by tier." />
        <EmptyMessage title="No practice selected">
          Networks belong to a practice.{' '}
          <Anchor component={Link} to="/practices/join">
            Join a practice
          </Anchor>{' '}
          to see its networks.
        </EmptyMessage>
      </Stack>
    );
  }
  return <PracticeNetworks key={current.practice.id} membership={current} />;
}

function PracticeNetworks({ membership }: { membership: PracticeMembership }) {
  const { practice } = membership;
  const canManage = membership.roles.some((role) => MANAGER_ROLES.has(role));
  const queryClient = useQueryClient();
  const networks = useQuery(practiceNetworksQuery(practice.id));
  const [announcement, setAnnouncement] = useState('');
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: number; direction: MoveDirection } | null>(null);
  const tiersHeading = useRef<HTMLHeadingElement>(null);
  const memberOfHeading = useRef<HTMLHeadingElement>(null);

  const own = networks.data?.filter((n) => n.owned) ?? [];
  const memberOf = networks.data?.filter((n) => !n.owned) ?? [];

  const move = useMutation({
    mutationFn: ({ network, to }: { network: networksApi.PracticeNetwork; to: number; direction: MoveDirection }) =>
      call(networksApi.orderNetwork, { params: { id: network.id }, body: { order: to } }),
    onSuccess: async (ordered, { network, direction }) => {
      const place = new Map(ordered.map((n, index) => [n.id, index]));
      queryClient.setQueryData<networksApi.PracticeNetwork[]>(networksKey(practice.id), (list) => {
        if (!list) return list;
        const tiers = list.filter((n) => n.owned).map((n) => ({ ...n, order: place.get(n.id) ?? n.order }));
        tiers.sort((a, b) => a.order - b.order);
        return [...tiers, ...list.filter((n) => !n.owned)];
      });
      setAnnouncement(`${network.name} moved to tier ${(place.get(network.id) ?? 0) + 1} of ${ordered.length}.`);
      setFocusAfterMove({ id: network.id, direction });
      await queryClient.invalidateQueries({ queryKey: networksKey(practice.id) });
    },
    onError: (error, { network }) => {
      setAnnouncement(`Could not move ${network.name}.`);
      notifications.show({ color: 'red', title: `Could not move ${network.name}`, message: errorMessage(error) });
    },
  });

  // The moved tier's button keeps the focus; at the top or bottom it goes to the other button.
  useEffect(() => {
    if (!focusAfterMove) return;
    const { id, direction } = focusAfterMove;
    const same = document.getElementById(moveButtonId(id, direction)) as HTMLButtonElement | null;
    const other = document.getElementById(
      moveButtonId(id, direction === 'up' ? 'down' : 'up'),
    ) as HTMLButtonElement | null;
    (same && !same.disabled ? same : other)?.focus();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the focus request is used up once the focus has moved (a DOM effect); clearing it is not derived state
    setFocusAfterMove(null);
  }, [focusAfterMove, networks.data]);

  function moveTier(network: networksApi.PracticeNetwork, index: number, direction: MoveDirection) {
    // One move at a time: the next one is computed from the order the server returns.
    if (move.isPending) return;
    move.mutate({ network, to: direction === 'up' ? index - 1 : index + 1, direction });
  }

  let tiers;
  if (networks.isPending) tiers = <LoadingState label="Loading networks" />;
  else if (networks.isError) {
    tiers = (
      <ErrorState
        title="Could not load networks"
        error={networks.error}
        onRetry={() => void networks.refetch()}
        retrying={networks.isFetching}
      />
    );
  } else if (own.length === 0) {
    tiers = (
      <EmptyMessage title="No networks yet">
        {canManage ? 'Create the first tier below.' : 'An admin of the practice can create them.'}
      </EmptyMessage>
    );
  } else {
    tiers = (
      <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Tiers">
        {own.map((network, index) => (
          <TierCard
            key={network.id}
            network={network}
            tier={index + 1}
            total={own.length}
            practiceId={practice.id}
            canManage={canManage}
            onMove={(direction) => moveTier(network, index, direction)}
            onDeleted={() => tiersHeading.current?.focus()}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={880}>
      <PageHeader
        title="Networks"
        description={`The groups of practices and providers ${practice.name} refers patients to.`}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <Stack component="section" gap="sm" aria-labelledby="networks-tiers">
        <Title order={2} size="h3" id="networks-tiers" ref={tiersHeading} tabIndex={-1}>
          Referral tiers
        </Title>
        <Text size="sm" c="dimmed">
          A referral is offered to tier 1 first and moves to the next tier when nobody there accepts it within that
          tier’s matching time limit.
        </Text>
        {tiers}
      </Stack>
      {canManage && (
        <Paper
          component="section"
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          aria-labelledby="networks-create"
        >
          <Title order={2} size="h3" id="networks-create" mb="md">
            Create a network
          </Title>
          <NetworkForm
            initialValues={{ name: '', matchingTimeLimit: 60 }}
            submitLabel="Create network"
            resetOnSave
            save={(values) => call(networksApi.createNetwork, { body: { ...values, practiceId: practice.id } })}
            onSaved={(created) => {
              notifications.show({ color: 'teal', message: `${created.name} is created as tier ${created.order + 1}` });
              void queryClient.invalidateQueries({ queryKey: networksKey(practice.id) });
            }}
          />
        </Paper>
      )}
      {networks.isSuccess && (
        <Stack component="section" gap="sm" aria-labelledby="networks-member-of">
          <Title order={2} size="h3" id="networks-member-of" ref={memberOfHeading} tabIndex={-1}>
            Networks {practice.name} belongs to
          </Title>
          {memberOf.length === 0 ? (
            <Text size="sm" c="dimmed">
              No other practice lists {practice.name} in its networks yet.
            </Text>
          ) : (
            <MemberOfList
              networks={memberOf}
              practiceId={practice.id}
              practiceName={practice.name}
              canLeave={canManage}
              onLeft={() => memberOfHeading.current?.focus()}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
