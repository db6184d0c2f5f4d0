import { useId, type ReactNode } from 'react';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { departmentsApi, networksApi, organisationsApi, type directoryApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Fact } from '../../ui/Fact';
import { ErrorState } from '../../ui/States';

type Profile = directoryApi.UserProfileDetails;

/**
 * A person's profile in their dialog: who they are professionally, their practices, their
 * departments in the current practice and, on one's own profile, one's networks and organisations
 * (the server tells those to the person alone; docs/decisions.md).
 */
export function PersonProfile({ person }: { person: Profile }) {
  const isMe = useSession((s) => s.currentUser?.id === person.id);
  const practice = useSession((s) => s.currentPractice?.practice ?? null);
  const worksHere = practice !== null && person.practices.some((p) => p.id === practice.id);
  const { credentials, npi, bio } = person.professional;

  return (
    <Stack gap="md">
      <Group gap="xs">
        {person.title && <Text>{person.title}</Text>}
        {credentials && <Text fw={500}>{credentials}</Text>}
        <Badge variant="light" color={person.kind === 'PATIENT' ? 'grape' : 'teal'}>
          {person.kind === 'PATIENT' ? 'Patient' : 'Provider'}
        </Badge>
      </Group>
      {(npi || bio) && (
        <Stack component="dl" gap="xs" m={0}>
          {npi && <Fact label="NPI">{npi}</Fact>}
          {bio && <Fact label="About">{bio}</Fact>}
        </Stack>
      )}
      <ProfileSection title="Practices">
        <CompactList
          items={person.practices}
          empty="No practices to show."
          render={(p) => ({ key: p.id, name: p.name, detail: p.address })}
        />
      </ProfileSection>
      {worksHere && <DepartmentsSection userId={person.id} practiceId={practice.id} practiceName={practice.name} />}
      {isMe && <NetworksSection userId={person.id} />}
      {isMe && <OrganisationsSection userId={person.id} />}
    </Stack>
  );
}

function DepartmentsSection({
  userId,
  practiceId,
  practiceName,
}: {
  userId: number;
  practiceId: number;
  practiceName: string;
}) {
  const departments = useQuery({
    queryKey: ['users', userId, 'departments', practiceId],
    queryFn: ({ signal }) =>
      call(departmentsApi.userDepartments, { params: { id: userId }, query: { practiceId }, signal }),
  });
  return (
    <ProfileSection title="Departments">
      <Loaded query={departments} what="departments">
        {(data) => (
          <CompactList
            items={data}
            empty={`In no department of ${practiceName}.`}
            render={(d) => ({ key: d.id, name: d.name, detail: d.description })}
          />
        )}
      </Loaded>
    </ProfileSection>
  );
}

function NetworksSection({ userId }: { userId: number }) {
  const networks = useQuery({
    queryKey: ['users', userId, 'networks'],
    queryFn: ({ signal }) => call(networksApi.userNetworks, { params: { id: userId }, signal }),
  });
  return (
    <ProfileSection title="Networks">
      <Loaded query={networks} what="networks">
        {(data) => (
          <CompactList
            items={data}
            empty="In no network."
            render={(n) => ({ key: n.id, name: n.name, detail: `Kept by ${n.practice.name}` })}
          />
        )}
      </Loaded>
    </ProfileSection>
  );
}

function OrganisationsSection({ userId }: { userId: number }) {
  const organisations = useQuery({
    queryKey: ['users', userId, 'organisations'],
    queryFn: ({ signal }) => call(organisationsApi.userOrganisations, { params: { id: userId }, signal }),
  });
  return (
    <ProfileSection title="Organisations">
      <Loaded query={organisations} what="organisations">
        {(data) => (
          <CompactList
            items={data}
            empty="In no organisation."
            render={(o) => ({ key: o.id, name: o.name, detail: null })}
          />
        )}
      </Loaded>
    </ProfileSection>
  );
}

/** A titled part of the profile, a region named by its heading. */
function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} gap={4}>
      <Title order={3} size="sm" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** What a query answered; while it loads or after it failed, says so in place of the list. */
function Loaded<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Text size="sm" c="dimmed" role="status">
        Loading {what}…
      </Text>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title={`Could not load the ${what}`}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return children(query.data);
}

/** One short line (and a smaller one) per item: a dialog has little room. */
function CompactList<T>({
  items,
  empty,
  render,
}: {
  items: T[];
  empty: string;
  render: (item: T) => { key: number; name: string; detail: string | null };
}) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => {
        const { key, name, detail } = render(item);
        return (
          <li key={key}>
            <Text size="sm">{name}</Text>
            {detail && (
              <Text size="xs" c="dimmed">
                {detail}
              </Text>
            )}
          </li>
        );
      })}
    </Stack>
  );
}
