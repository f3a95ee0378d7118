// Add or change a competitor shop (docs/screens.md#16-matches-page): its name, domain, sitemaps (one
// per line; none: its robots.txt names them) and feeds (an address and a format each). Admins only.
import { type Competitor, FEED_FORMATS, type FeedFormat, MAX_FEEDS } from '@cmp/shared';
import { useId, useState } from 'react';
import { saveCompetitor } from '../../../api/competitors';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { FormField, fieldErrorProps } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { useSaveForm } from '../../../components/use-save-form';
import { type FeedRow, validateShopForm } from '../utils/shop-form';

const FIELDS = ['name', 'domain', 'sitemaps'];
export const FEED_FORMAT_LABELS: Record<FeedFormat, string> = {
  'google-merchant-xml': 'Google Merchant XML',
  csv: 'CSV',
};

export function ShopDialog({
  shop,
  open,
  onClose,
}: {
  /** The shop to change; null adds one. */
  shop: Competitor | null;
  open: boolean;
  onClose(): void;
}) {
  return (
    <FormDialog open={open} onOpenChange={(next) => !next && onClose()}>
      {open ? <ShopForm shop={shop} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function ShopForm({ shop, onClose }: { shop: Competitor | null; onClose(): void }) {
  const [name, setName] = useState(shop?.name ?? '');
  const [domain, setDomain] = useState(shop?.domain ?? '');
  const [sitemaps, setSitemaps] = useState(shop?.sitemaps.join('\n') ?? '');
  const [feeds, setFeeds] = useState<FeedRow[]>(shop?.feeds ?? []);
  const id = useId();
  const values = { name, domain, sitemaps, feeds };
  const { error, fieldErrors, saving, submit } = useSaveForm({
    fields: FIELDS,
    validate: () => validateShopForm(values),
    save: (input) => saveCompetitor(shop?.id ?? null, input),
    success: shop ? 'Shop saved' : 'Shop added',
    failure: 'Failed to save shop',
    onSaved: onClose,
  });
  const setFeed = (at: number, change: Partial<FeedRow>) =>
    setFeeds(feeds.map((feed, i) => (i === at ? { ...feed, ...change } : feed)));

  return (
    <DialogForm
      title={shop ? `Edit ${shop.name}` : 'Add shop'}
      description="A shop by its domain. Its products are discovered from its sitemaps and product feeds."
      error={error}
      busy={saving}
      submitLabel={shop ? 'Save' : 'Add'}
      onSubmit={submit}
      values={values}
    >
      <fieldset disabled={saving} className="flex flex-col gap-4">
        <FormField id={`${id}-name`} error={fieldErrors.name} label="Name">
          <Input
            id={`${id}-name`}
            {...fieldErrorProps(`${id}-name`, fieldErrors.name)}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </FormField>
        <FormField id={`${id}-domain`} error={fieldErrors.domain} label="Domain">
          <Input
            id={`${id}-domain`}
            {...fieldErrorProps(`${id}-domain`, fieldErrors.domain, `${id}-domain-hint`)}
            placeholder="shop.example"
            autoComplete="off"
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
          />
          <p id={`${id}-domain-hint`} className="text-sm text-muted-foreground">
            Its competitor URLs are those on this domain or a subdomain of it.
          </p>
        </FormField>
        <FormField id={`${id}-sitemaps`} error={fieldErrors.sitemaps} label="Sitemaps (optional)">
          <Textarea
            id={`${id}-sitemaps`}
            {...fieldErrorProps(`${id}-sitemaps`, fieldErrors.sitemaps, `${id}-sitemaps-hint`)}
            rows={2}
            value={sitemaps}
            onChange={(e) => setSitemaps(e.target.value)}
          />
          <p id={`${id}-sitemaps-hint`} className="text-sm text-muted-foreground">
            One address per line. Empty: those its robots.txt names.
          </p>
        </FormField>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Product feeds (optional)</legend>
          {feeds.map((feed, at) => (
            // Rows have no identity of their own but their place.
            // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the list
            <div key={at} className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[1fr_11rem_auto]">
              <Input
                aria-label={`Feed ${at + 1} address`}
                placeholder="https://shop.example/feed.xml"
                autoComplete="off"
                className="col-span-2 sm:col-span-1"
                value={feed.url}
                onChange={(e) => setFeed(at, { url: e.target.value })}
              />
              <Select
                value={feed.format}
                onValueChange={(format) => setFeed(at, { format: format as FeedFormat })}
              >
                <SelectTrigger aria-label={`Feed ${at + 1} format`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {FEED_FORMATS.map((format) => (
                    <SelectItem key={format} value={format}>
                      {FEED_FORMAT_LABELS[format]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <Button
                type="button"
                variant="outline"
                aria-label={`Remove feed ${at + 1}`}
                onClick={() => setFeeds(feeds.filter((_, i) => i !== at))}
              >
                Remove
              </Button>
            </div>
          ))}
          {feeds.length < MAX_FEEDS ? (
            <Button
              type="button"
              variant="outline"
              className="self-start"
              onClick={() => setFeeds([...feeds, { url: '', format: 'google-merchant-xml' }])}
            >
              Add feed
            </Button>
          ) : null}
        </fieldset>
      </fieldset>
    </DialogForm>
  );
}
