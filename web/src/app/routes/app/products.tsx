// /products: the catalogue page, composed by the products feature.
import { ProductsView } from '../../../features/products/components/products-view';

export function ProductsRoute() {
  return <ProductsView />;
}
