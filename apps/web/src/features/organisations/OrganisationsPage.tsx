import { useParams } from 'react-router';
import { Id } from '@referwell/contracts';
import { EmptyMessage } from '../../ui/States';
import { OrganisationDetail } from './OrganisationDetail';
import { OrganisationList } from './OrganisationList';

export function OrganisationsPage() {
  const { organisationId } = useParams();
  if (organisationId === undefined) return <OrganisationList />;
  const id = Id.safeParse(organisationId);
  if (!id.success) return <EmptyMessage title="Organisation not found">Check the link and try again.</EmptyMessage>;
  return <OrganisationDetail key={id.data} organisationId={id.data} />;
}
