// A host's settings (docs/screens.md#host-settings-dialog): admins change how it is fetched (fetch
// mode, render wait, spacing, proxy); staff see them. A proxy's password is never shown: only its
// hint, and an empty password field keeps the stored one.
import {
  type CompetitorHost,
  FETCH_MODES,
  type FetchMode,
  MAX_RENDER_WAIT_MS,
  MAX_SPACING_SECONDS,
  MIN_SPACING_SECONDS,
} from '@cmp/shared';
import { useId, useState } from 'react';
import { saveHostSettings } from '../../../api/competitor-hosts';
import { Fact } from '../../../components/fact';
import { DialogForm, FormDialog } from '../../../components/form-dialog';
import { FormField, fieldErrorProps } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useSaveForm } from '../../../components/use-save-form';
import { formatShopMoney } from '../../../lib/money';
import { validateHostForm } from '../utils/host-form';
import { FETCH_MODE_LABELS, fetchModeText, shippingText } from '../utils/host-view';

const FIELDS = [
  'shipping.flat',
  'shipping.free_over',
  'fetch_mode',
  'render_wait_ms',
  'spacing_seconds',
  'proxy.url',
  'proxy.username',
  'proxy.password',
];

export function HostSettingsDialog({
  host,
  canEdit,
  onClose,
}: {
  /** The host whose settings are open; null while closed. */
  host: CompetitorHost | null;
  canEdit: boolean;
  onClose(): void;
}) {
  const onOpenChange = (open: boolean) => !open && onClose();
  if (canEdit)
    return (
      <FormDialog open={host !== null} onOpenChange={onOpenChange}>
        {host ? <HostSettingsForm host={host} onClose={onClose} /> : null}
      </FormDialog>
    );
  return (
    <Dialog open={host !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {host ? (
          <>
            <DialogHeader>
              <DialogTitle>Settings of {host.host}</DialogTitle>
              <DialogDescription>Only an administrator can change how a host is fetched.</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-2 gap-4">
              <Fact term="Fetch mode">{fetchModeText(host)}</Fact>
              <Fact term="Render wait">
                {host.render_wait_ms === 0 ? 'Until the page stops loading' : `${host.render_wait_ms} ms`}
              </Fact>
              <Fact term="Spacing">{host.spacing_seconds} s</Fact>
              <Fact term="Proxy">{host.proxy ? `${host.proxy.url} (${host.proxy.username})` : 'None'}</Fact>
              <Fact term="Shipping">{shippingText(host.shipping, formatShopMoney)}</Fact>
            </dl>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function HostSettingsForm({ host, onClose }: { host: CompetitorHost; onClose(): void }) {
  const [fetchMode, setFetchMode] = useState<FetchMode>(host.fetch_mode);
  const [renderWaitMs, setRenderWaitMs] = useState(String(host.render_wait_ms));
  const [spacingSeconds, setSpacingSeconds] = useState(String(host.spacing_seconds));
  const [useProxy, setUseProxy] = useState(host.proxy !== null);
  const [proxyUrl, setProxyUrl] = useState(host.proxy?.url ?? '');
  const [proxyUsername, setProxyUsername] = useState(host.proxy?.username ?? '');
  const [proxyPassword, setProxyPassword] = useState('');
  const [shippingFlat, setShippingFlat] = useState(host.shipping ? String(host.shipping.flat) : '');
  const [shippingFreeOver, setShippingFreeOver] = useState(
    host.shipping?.free_over == null ? '' : String(host.shipping.free_over),
  );
  const id = useId();
  const values = {
    fetchMode,
    renderWaitMs,
    spacingSeconds,
    useProxy,
    proxyUrl,
    proxyUsername,
    proxyPassword,
    shippingFlat,
    shippingFreeOver,
  };

  const { error, fieldErrors, saving, submit } = useSaveForm({
    fields: FIELDS,
    validate: () => validateHostForm(values),
    save: (input) => saveHostSettings(host.host, input),
    success: 'Host settings saved',
    failure: 'Failed to save host settings',
    onSaved: onClose,
  });

  return (
    <DialogForm
      title={`Settings of ${host.host}`}
      description="How its pages are fetched. A change reaches a run going within a minute."
      error={error}
      busy={saving}
      submitLabel="Save"
      onSubmit={submit}
      values={values}
    >
      <fieldset disabled={saving} className="flex flex-col gap-4">
        <FormField id={`${id}-mode`} error={fieldErrors.fetch_mode} label="Fetch mode">
          <Select
            value={fetchMode}
            onValueChange={(mode) => setFetchMode(mode as FetchMode)}
            disabled={saving}
          >
            <SelectTrigger id={`${id}-mode`} aria-describedby={`${id}-mode-hint`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {FETCH_MODES.map((mode) => (
                <SelectItem key={mode} value={mode}>
                  {FETCH_MODE_LABELS[mode]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p id={`${id}-mode-hint`} className="text-sm text-muted-foreground">
            Automatic reads the page as sent, and opens it in a browser when it needs one.
          </p>
        </FormField>
        <FormField id={`${id}-wait`} error={fieldErrors.render_wait_ms} label="Render wait (ms)">
          <Input
            id={`${id}-wait`}
            {...fieldErrorProps(`${id}-wait`, fieldErrors.render_wait_ms, `${id}-wait-hint`)}
            inputMode="numeric"
            value={renderWaitMs}
            onChange={(e) => setRenderWaitMs(e.target.value)}
          />
          <p id={`${id}-wait-hint`} className="text-sm text-muted-foreground">
            How long a rendered page's scripts run; 0 waits until it stops loading (at most{' '}
            {MAX_RENDER_WAIT_MS}).
          </p>
        </FormField>
        <FormField id={`${id}-spacing`} error={fieldErrors.spacing_seconds} label="Spacing (seconds)">
          <Input
            id={`${id}-spacing`}
            {...fieldErrorProps(`${id}-spacing`, fieldErrors.spacing_seconds, `${id}-spacing-hint`)}
            inputMode="decimal"
            value={spacingSeconds}
            onChange={(e) => setSpacingSeconds(e.target.value)}
          />
          <p id={`${id}-spacing-hint`} className="text-sm text-muted-foreground">
            Between two requests to the shop, {MIN_SPACING_SECONDS} to {MAX_SPACING_SECONDS}; its robots.txt
            may ask for more.
          </p>
        </FormField>
        {/* Side by side, even on a phone: two short amounts, one hint. */}
        <div className="flex flex-col gap-2">
          <div className="grid grid-cols-2 gap-4">
            <FormField id={`${id}-shipping`} error={fieldErrors['shipping.flat']} label="Shipping per order">
              <Input
                id={`${id}-shipping`}
                {...fieldErrorProps(`${id}-shipping`, fieldErrors['shipping.flat'], `${id}-shipping-hint`)}
                inputMode="decimal"
                value={shippingFlat}
                onChange={(e) => setShippingFlat(e.target.value)}
              />
            </FormField>
            <FormField
              id={`${id}-free-over`}
              error={fieldErrors['shipping.free_over']}
              label="Free shipping from"
            >
              <Input
                id={`${id}-free-over`}
                {...fieldErrorProps(
                  `${id}-free-over`,
                  fieldErrors['shipping.free_over'],
                  `${id}-shipping-hint`,
                )}
                inputMode="decimal"
                value={shippingFreeOver}
                onChange={(e) => setShippingFreeOver(e.target.value)}
              />
            </FormField>
          </div>
          <p id={`${id}-shipping-hint`} className="text-sm text-muted-foreground">
            In the shop's currency; empty when not known, or when shipping is never free. Compared only while
            the comparison adds shipping.
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Checkbox id={`${id}-proxy`} checked={useProxy} onChange={(e) => setUseProxy(e.target.checked)} />
          <Label htmlFor={`${id}-proxy`}>Fetch through a proxy</Label>
        </div>
        {useProxy ? (
          <>
            <FormField id={`${id}-proxy-url`} error={fieldErrors['proxy.url']} label="Proxy address">
              <Input
                id={`${id}-proxy-url`}
                {...fieldErrorProps(`${id}-proxy-url`, fieldErrors['proxy.url'])}
                placeholder="http://proxy.example.com:3128"
                autoComplete="off"
                value={proxyUrl}
                onChange={(e) => setProxyUrl(e.target.value)}
              />
            </FormField>
            <FormField id={`${id}-proxy-user`} error={fieldErrors['proxy.username']} label="Proxy user name">
              <Input
                id={`${id}-proxy-user`}
                {...fieldErrorProps(`${id}-proxy-user`, fieldErrors['proxy.username'])}
                autoComplete="off"
                value={proxyUsername}
                onChange={(e) => setProxyUsername(e.target.value)}
              />
            </FormField>
            <FormField
              id={`${id}-proxy-password`}
              error={fieldErrors['proxy.password']}
              label="Proxy password"
            >
              <Input
                id={`${id}-proxy-password`}
                {...fieldErrorProps(
                  `${id}-proxy-password`,
                  fieldErrors['proxy.password'],
                  `${id}-password-hint`,
                )}
                type="password"
                autoComplete="new-password"
                value={proxyPassword}
                onChange={(e) => setProxyPassword(e.target.value)}
              />
              <p id={`${id}-password-hint`} className="text-sm text-muted-foreground">
                {host.proxy
                  ? `Stored: ${host.proxy.password_hint}. Leave empty to keep it.`
                  : 'Kept as a secret; never shown again.'}
              </p>
            </FormField>
          </>
        ) : null}
      </fieldset>
    </DialogForm>
  );
}
