import { Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { currentUserQuery } from '../../lib/currentUser';
import { isApiError } from '../../lib/api';
import { ErrorState, LoadingState } from '../../ui/States';

/** Renders the signed-in part of the app once the current user is known; sends others to sign in. */
export function RequireAuth() {
  const location = useLocation();
  const query = useQuery(currentUserQuery());

  if (query.data) return <Outlet />;
  if (query.isPending) return <LoadingState label="Loading your account" />;
  if (isApiError(query.error, 401)) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?next=${next}`} replace />;
  }
  return (
    <Container size="sm" py="xl">
      <ErrorState
        title="Could not load your account"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    </Container>
  );
}
