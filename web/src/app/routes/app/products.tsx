import { PageHeader } from '../../../components/layouts/app-shell';

export function ProductsRoute() {
  return (
    <PageHeader
      title="Products"
      description="Your product catalogue will be listed here: add, edit, hide and import products and categories."
    />
  );
}
