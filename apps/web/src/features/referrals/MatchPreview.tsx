import { useId } from 'react';
import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { referralsApi, type QueryOf } from '@referwell/contracts';
import { call } from '../../lib/api';
import { personName } from '../../lib/names';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';

export type MatchParams = QueryOf<typeof referralsApi.matchCheck>;

export const MATCH_PREVIEW_DEBOUNCE_MS = 400;

function tierTitle(tier: referralsApi.MatchTier, index: number): string {
  const network = tier.candidates.find((candidate) => candidate.network)?.network;
  const where =
    tier.kind === 'OUTER' ? 'Practices outside your networks' : network ? `${network.name} network` : 'Your networks';
  return `Tier ${index + 1}: ${where}`;
}

function Candidate({ candidate }: { candidate: referralsApi.MatchCandidate }) {
  const facts = [
    candidate.distanceMiles === null ? 'Distance unknown' : `${candidate.distanceMiles.toFixed(1)} miles away`,
    candidate.providers.length > 0 ? candidate.providers.map(personName).join(', ') : null,
  ].filter(Boolean);
  return (
    <Stack component="li" gap={2}>
      <Text fw={500}>{candidate.practice.name}</Text>
      <Text size="sm" c="dimmed">
        {facts.join(' · ')}
      </Text>
      {candidate.reasons.length > 0 && (
        <List size="sm" spacing={0} aria-label={`Why ${candidate.practice.name} matches`}>
          {candidate.reasons.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

export type MatchCheck = UseQueryResult<referralsApi.MatchCheckResult>;

/**
 * Who a specialty referral would be offered to if sent now (GET /referrals/matchCheck), following
 * the form as it changes, a moment after typing stops. The form holds it, so that Send and the
 * preview go by the same answer.
 */
export function useMatchCheck(params: MatchParams | null): MatchCheck {
  // Compared as text: the form builds a new object on every render.
  const [debouncedText] = useDebouncedValue(params && JSON.stringify(params), MATCH_PREVIEW_DEBOUNCE_MS);
  const debounced = debouncedText ? (JSON.parse(debouncedText) as MatchParams) : null;
  return useQuery({
    queryKey: ['referralMatch', debouncedText],
    queryFn: ({ signal }) => call(referralsApi.matchCheck, { query: debounced!, signal }),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * Whether the preview shows that no practice matches: the server would refuse the referral, as
 * no one would receive it. Goes by what is on screen (the last answer while the next is on its way).
 */
export function matchesNone(params: MatchParams | null, match: MatchCheck): boolean {
  return params !== null && match.isSuccess && match.data.tiers.every((tier) => tier.candidates.length === 0);
}

/** The preview of `useMatchCheck`'s answer: tier by tier, and why each practice matched. */
export function MatchPreview({ params, match }: { params: MatchParams | null; match: MatchCheck }) {
  const titleId = useId();

  let body;
  if (params === null)
    body = <Text c="dimmed">Choose a speciality to see which practices would receive the referral.</Text>;
  else if (match.isPending) body = <LoadingState label="Finding matching practices" />;
  else if (match.isError) {
    body = (
      <ErrorState
        title="Could not check the matches"
        error={match.error}
        onRetry={() => void match.refetch()}
        retrying={match.isFetching}
      />
    );
  } else if (matchesNone(params, match)) {
    body = (
      <EmptyMessage title="No practice matches yet">
        Try a wider distance, or another speciality or insurance.
      </EmptyMessage>
    );
  } else {
    body = (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Within {match.data.radiusMiles} miles of the patient. Each tier is offered the referral in turn until one
          practice accepts.
        </Text>
        {match.data.tiers
          .filter((tier) => tier.candidates.length > 0)
          .map((tier, index) => (
            <Stack key={tier.tier} gap="xs" component="section" aria-label={tierTitle(tier, index)}>
              <Group gap="xs">
                <Title order={4} size="h5">
                  {tierTitle(tier, index)}
                </Title>
                <Badge variant="light" color="gray" radius="sm">
                  {tier.timeLimitMinutes} minutes
                </Badge>
              </Group>
              <Stack component="ul" gap="sm" m={0} pl="md">
                {tier.candidates.map((candidate) => (
                  <Candidate key={candidate.practice.id} candidate={candidate} />
                ))}
              </Stack>
            </Stack>
          ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="sm" aria-labelledby={titleId} component="section">
      <Title order={3} size="h4" id={titleId} mb="xs">
        Who would receive it
      </Title>
      <div aria-live="polite" aria-busy={match.isFetching}>
        {body}
      </div>
    </Paper>
  );
}
