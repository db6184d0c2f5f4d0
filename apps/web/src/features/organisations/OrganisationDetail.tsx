import { Anchor, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle';
import { PageHeader } from '../../ui/PageHeader';
import { ErrorState, LoadingState } from '../../ui/States';
import { Section } from '../../ui/Section';
import { BillingEmailForm } from './BillingEmailForm';
import { OrganisationDetails } from './OrganisationDetails';
import { OrganisationMembers } from './OrganisationMembers';
import { OrganisationPractices } from './OrganisationPractices';
import { managesOrganisation, organisationQuery } from './organisationQueries';

export function OrganisationDetail({ organisationId }: { organisationId: number }) {
  const organisation = useQuery(organisationQuery(organisationId));
  usePageTitle(organisation.data?.name ?? 'Organisation');

  const back = (
    <Anchor component={Link} to="/organisations" size="sm">
      ← All organisations
    </Anchor>
  );
  if (organisation.isPending) return <LoadingState label="Loading the organisation" />;
  if (organisation.isError) {
    return (
      <Stack gap="md" maw={880}>
        {back}
        <ErrorState
          title="Could not load the organisation"
          error={organisation.error}
          onRetry={() => void organisation.refetch()}
          retrying={organisation.isFetching}
        />
      </Stack>
    );
  }

  const data = organisation.data;
  const canManage = managesOrganisation(data.roles);
  return (
    <Stack gap="lg" maw={880}>
      {back}
      <PageHeader
        title={data.name}
        description={
          canManage
            ? 'You administer this organisation.'
            : 'You can see this organisation; its admins make the changes.'
        }
      />
      <Section title="Details">
        {/* Saved details come back from the server: the form starts again from them. */}
        <OrganisationDetails
          key={`${data.name}|${data.address}|${data.phoneNumber}`}
          organisation={data}
          canManage={canManage}
        />
      </Section>
      <Section title="Practices" description="Practices in the organisation, and which of them it pays for.">
        <OrganisationPractices organisationId={data.id} organisationName={data.name} canManage={canManage} />
      </Section>
      <Section title="Members" description="People with roles in the organisation.">
        <OrganisationMembers organisationId={data.id} canManage={canManage} />
      </Section>
      {canManage && (
        <Section title="Billing e-mail" description="Invoices for the practices the organisation pays for go here.">
          <BillingEmailForm key={data.billingEmail ?? ''} organisation={data} />
        </Section>
      )}
    </Stack>
  );
}
