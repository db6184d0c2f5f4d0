import { SimpleGrid, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { chatPaths } from '../chats';
import { intakePaths } from '../intake';
import { referralPaths } from '../referrals';
import { useGates } from '../../lib/practiceGates';
import { ErrorState } from '../../ui/States';
import { WorklistSection } from './WorklistSection';
import { NewSubmissionItem, SentReferralItem, UnreadChatItem, WaitingReferralItem } from './WorklistItems';
import { useWorklistLiveUpdates, worklistQuery } from './worklistQueries';

/**
 * What waits for the user in the practice, kept current by the events socket: referrals to answer,
 * news on the ones it sent, unread chats and new form submissions (each while its area is on). One call fills every section,
 * so they load together (each shows placeholders) and fail together (one message to try again).
 */
export function Worklist({ practiceId }: { practiceId: number }) {
  useWorklistLiveUpdates();
  const gateOn = useGates();
  const worklist = useQuery(worklistQuery(practiceId));
  if (worklist.isError && !worklist.data) {
    return (
      <ErrorState
        title="Could not load what is waiting for you"
        error={worklist.error}
        onRetry={() => void worklist.refetch()}
        retrying={worklist.isFetching}
      />
    );
  }
  const data = worklist.data;
  return (
    <>
      {worklist.isPending && <VisuallyHidden role="status">Loading what is waiting for you…</VisuallyHidden>}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {gateOn('referrals') && (
          <>
            <WorklistSection
              title="Referrals waiting for your answer"
              section={data?.waitingReferrals}
              seeAll={{ to: referralPaths.list('inbox'), what: 'referrals in your inbox' }}
              empty="Nothing waiting for an answer"
            >
              {data?.waitingReferrals.items.map((referral) => (
                <WaitingReferralItem key={referral.id} referral={referral} />
              ))}
            </WorklistSection>
            <WorklistSection
              title="News on referrals you sent"
              section={data?.sentReferralNews}
              seeAll={{ to: referralPaths.list('sent'), what: 'sent referrals' }}
              empty="No news on the referrals you sent"
            >
              {data?.sentReferralNews.items.map((news) => (
                <SentReferralItem key={news.id} news={news} />
              ))}
            </WorklistSection>
          </>
        )}
        {gateOn('chat') && (
          <WorklistSection
            title="Unread chats"
            section={data?.unreadChats}
            seeAll={{ to: chatPaths.list, what: 'chats' }}
            empty="No unread chats"
          >
            {data?.unreadChats.items.map((chat) => (
              <UnreadChatItem key={chat.id} chat={chat} />
            ))}
          </WorklistSection>
        )}
        {gateOn('forms') && (
          <WorklistSection
            title="New form submissions"
            section={data?.newSubmissions}
            seeAll={{ to: intakePaths.bots, what: 'intake forms' }}
            empty="No new form submissions"
          >
            {data?.newSubmissions.items.map((submission) => (
              <NewSubmissionItem key={submission.id} submission={submission} />
            ))}
          </WorklistSection>
        )}
      </SimpleGrid>
    </>
  );
}
