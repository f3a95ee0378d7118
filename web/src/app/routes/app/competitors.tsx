import { PageHeader } from '../../../components/layouts/app-shell';

export function CompetitorsRoute() {
  return (
    <PageHeader
      title="Competitor URLs"
      description="The competitor product pages watched for each of your products will be listed here."
    />
  );
}
