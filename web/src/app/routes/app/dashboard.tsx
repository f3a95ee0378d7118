import { PageHeader } from '../../../components/layouts/app-shell';

export function DashboardRoute() {
  return (
    <PageHeader
      title="Price Comparison Dashboard"
      description="Your prices against the lowest competitor prices, with margins, will be shown here, next to the Check My Price panel."
    />
  );
}
