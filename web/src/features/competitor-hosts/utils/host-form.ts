// The host settings form (docs/rules.md#23-competitor-hosts): the API's own rules
// (hostSettingsInputSchema), so the form says what the server would. An empty password keeps the
// stored one; the numbers are typed as text. An empty shipping amount means it is not known.
import {
  type FetchMode,
  type FormCheck,
  type HostSettingsInput,
  hostSettingsInputSchema,
  schemaCheck,
} from '@cmp/shared';

export interface HostFormValues {
  fetchMode: FetchMode;
  renderWaitMs: string;
  spacingSeconds: string;
  useProxy: boolean;
  proxyUrl: string;
  proxyUsername: string;
  proxyPassword: string;
  /** Shipping per order in the shop's currency; empty: not known. */
  shippingFlat: string;
  /** The price from which shipping is free; empty: never free. */
  shippingFreeOver: string;
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function validateHostForm(values: HostFormValues): FormCheck<HostSettingsInput> {
  const input = {
    fetch_mode: values.fetchMode,
    render_wait_ms: number(values.renderWaitMs),
    spacing_seconds: number(values.spacingSeconds),
    proxy: values.useProxy
      ? {
          url: values.proxyUrl.trim(),
          username: values.proxyUsername,
          ...(values.proxyPassword ? { password: values.proxyPassword } : {}),
        }
      : null,
    shipping:
      values.shippingFlat.trim() === ''
        ? null
        : {
            flat: number(values.shippingFlat),
            free_over: values.shippingFreeOver.trim() === '' ? null : number(values.shippingFreeOver),
          },
  };
  return schemaCheck(hostSettingsInputSchema, input);
}
