// /competitors: the competitor URLs page, composed by the competitors feature.
import { CompetitorsView } from '../../../features/competitors/components/competitors-view';

export function CompetitorsRoute() {
  return <CompetitorsView />;
}
