import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { intakeApi } from '@referwell/contracts';
import { ListPagination } from '../../ui/ListPagination';
import { Section } from '../../ui/Section';
import { ErrorState } from '../../ui/States';
import { BotCard } from './BotCard';
import { botsQuery } from './intakeQueries';

/**
 * The practice's forms taken down: patients can no longer send them, but what they sent stays with
 * the practice, so each still opens its submissions. Shown only when there are some.
 */
export function TakenDownBots({ practiceId }: { practiceId: number }) {
  const [page, setPage] = useState(0);
  const bots = useQuery(botsQuery(practiceId, page, true));
  if (bots.isError) {
    return (
      <ErrorState
        title="Could not load the forms taken down"
        error={bots.error}
        onRetry={() => void bots.refetch()}
        retrying={bots.isFetching}
      />
    );
  }
  if (!bots.data || bots.data.count === 0) return null;
  return (
    <Section
      title="Taken down"
      description="Patients can no longer send these forms; what they sent before is still here."
    >
      <Stack gap="sm">
        <Stack component="ul" gap="xs" m={0} p={0} aria-label="Intake forms taken down" style={{ listStyle: 'none' }}>
          {bots.data.data.map((bot) => (
            <BotCard key={bot.id} bot={bot} />
          ))}
        </Stack>
        <ListPagination
          label="Pages of forms taken down"
          page={page}
          pageSize={intakeApi.BOTS_PAGE_SIZE}
          count={bots.data.count}
          onChange={setPage}
        />
      </Stack>
    </Section>
  );
}
