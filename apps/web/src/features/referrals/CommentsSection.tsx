import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { personName } from '../../lib/names';
import type { PracticeScope } from '../../lib/practiceScope';
import { Section } from '../../ui/Section';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { CommentComposer } from './CommentComposer';
import { CommentItem, NeedsResponseBadge } from './CommentItem';
import { commentsQuery, type ReferralComment } from './discussionQueries';

/** Roots in order, each with its replies; a reply to a reply joins its root's thread. */
function threads(comments: ReferralComment[]) {
  const byId = new Map(comments.map((comment) => [comment.id, comment]));
  const rootOf = (comment: ReferralComment): ReferralComment => {
    let current = comment;
    // Bounded, so a malformed answer with a cycle cannot hang the page.
    for (let hops = 0; hops < comments.length; hops++) {
      const parent = current.parentId === null ? undefined : byId.get(current.parentId);
      if (!parent) break;
      current = parent;
    }
    return current;
  };
  const replies = new Map<number, ReferralComment[]>();
  const roots: ReferralComment[] = [];
  for (const comment of comments) {
    const root = rootOf(comment);
    if (root === comment) roots.push(comment);
    else replies.set(root.id, [...(replies.get(root.id) ?? []), comment]);
  }
  return roots.map((root) => ({ root, replies: replies.get(root.id) ?? [] }));
}

interface CommentsSectionProps {
  scope: PracticeScope;
  referralId: number;
  canComment: boolean;
}

/** The discussion between every practice on the referral (spec 1 §3 Referral comment). */
export function CommentsSection({ scope, referralId, canComment }: CommentsSectionProps) {
  const comments = useQuery(commentsQuery(scope.practiceId, referralId));
  const [replyingTo, setReplyingTo] = useState<number | null>(null);

  let body;
  if (comments.isPending) body = <LoadingState label="Loading comments" />;
  else if (comments.isError) {
    body = (
      <ErrorState
        title="Could not load the comments"
        error={comments.error}
        onRetry={() => void comments.refetch()}
        retrying={comments.isFetching}
      />
    );
  } else if (comments.data.length === 0) body = <EmptyMessage title="No comments yet" />;
  else {
    body = (
      <Stack gap="sm">
        {threads(comments.data).map(({ root, replies }) => (
          <CommentItem
            key={root.id}
            item={root}
            byline={root.practice.name}
            badges={root.needsResponse && <NeedsResponseBadge />}
            actions={
              canComment &&
              replyingTo !== root.id && (
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => setReplyingTo(root.id)}
                  aria-label={`Reply to ${personName(root.author)}`}
                >
                  Reply
                </Button>
              )
            }
          >
            {(replies.length > 0 || replyingTo === root.id) && (
              <Stack
                gap="xs"
                pl={{ base: 'xs', sm: 'lg' }}
                aria-label={`Replies to ${personName(root.author)}`}
                component="section"
              >
                {replies.map((reply) => (
                  <CommentItem
                    key={reply.id}
                    item={reply}
                    byline={reply.practice.name}
                    badges={reply.needsResponse && <NeedsResponseBadge />}
                  />
                ))}
                {replyingTo === root.id && (
                  <CommentComposer
                    scope={scope}
                    referralId={referralId}
                    parent={{ id: root.id, authorName: personName(root.author) }}
                    onDone={() => setReplyingTo(null)}
                  />
                )}
              </Stack>
            )}
          </CommentItem>
        ))}
      </Stack>
    );
  }

  return (
    <Section title="Comments" description="Visible to everyone on this referral, at every practice it involves.">
      <Stack gap="md">
        {body}
        {canComment ? (
          <CommentComposer scope={scope} referralId={referralId} />
        ) : (
          <Text size="sm" c="dimmed">
            Your practice can no longer comment on this referral.
          </Text>
        )}
      </Stack>
    </Section>
  );
}
