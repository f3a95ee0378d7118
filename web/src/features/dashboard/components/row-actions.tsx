// A row's actions (docs/screens.md#row-actions): run the AI analysis, and a menu with the rest. A viewer
// gets only those that change nothing: view the analysis, search on Google.
import type { DashboardProduct } from '@cmp/shared';
import { Bot, Eye, EyeOff, LoaderCircle, MoreHorizontal, Pencil, Search, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { IconAction } from '../../../components/icon-action';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { useCanWrite } from '../../../lib/write-access';
import { googleSearchUrl } from '../utils/comparison-view';
import { openPopup } from './open-popup';

/** What a row can ask of the page; the page keeps these stable so memoised rows stay put. */
export interface RowActions {
  onRunAnalysis(product: DashboardProduct): void;
  onViewAnalysis(product: DashboardProduct): void;
  onEdit(product: DashboardProduct): void;
  onHide(product: DashboardProduct): void;
  onDelete(product: DashboardProduct): void;
  onShowCompetitors(product: DashboardProduct): void;
}

export function RowActionButtons({
  product,
  running,
  actions,
}: {
  product: DashboardProduct;
  running: boolean;
  actions: RowActions;
}) {
  // A dialog opened straight from a menu item takes the item as the control to give focus back to, but
  // the item is gone when the dialog closes. These dialogs open once the menu has closed and given
  // focus back to its button, so the dialog returns focus to that button.
  const afterMenuCloses = useRef<(() => void) | null>(null);
  const canWrite = useCanWrite();
  const openAfterMenu = (open: (product: DashboardProduct) => void) => () => {
    afterMenuCloses.current = () => open(product);
  };
  return (
    <div className="flex shrink-0 items-center">
      {canWrite ? (
        <IconAction
          label={running ? `AI analysis running for ${product.name}` : `Run AI analysis for ${product.name}`}
          tip={running ? 'AI analysis running' : 'Run AI analysis'}
          disabled={running}
          onClick={() => actions.onRunAnalysis(product)}
        >
          {running ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Bot aria-hidden="true" />
          )}
        </IconAction>
      ) : null}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`More actions for ${product.name}`}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          onCloseAutoFocus={() => {
            // Runs before the menu focuses its button; the dialog renders after that.
            afterMenuCloses.current?.();
            afterMenuCloses.current = null;
          }}
        >
          {product.price_comparison.latest_ai_analysis ? (
            <DropdownMenuItem onSelect={openAfterMenu(actions.onViewAnalysis)}>
              <Eye aria-hidden="true" />
              View AI Analysis
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => openPopup(googleSearchUrl(product))}>
            <Search aria-hidden="true" />
            Search on Google
          </DropdownMenuItem>
          {canWrite ? (
            <>
              <DropdownMenuItem onSelect={openAfterMenu(actions.onEdit)}>
                <Pencil aria-hidden="true" />
                Edit Product
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => actions.onHide(product)}>
                <EyeOff aria-hidden="true" />
                Hide from Dashboard
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={openAfterMenu(actions.onDelete)}>
                <Trash2 aria-hidden="true" />
                Delete Product
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
