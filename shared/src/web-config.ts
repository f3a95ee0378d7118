import * as z from 'zod';

/**
 * `/config.json`: the web app's runtime settings, written at deploy (S3) or served by the local
 * server. The API lives on the same origin, so `apiUrl` is normally the path `/api`.
 */
export const webConfigSchema = z.object({
  apiUrl: z.string().min(1),
  shopCurrency: z.string().regex(/^[A-Z]{3}$/),
});

export type WebConfig = z.infer<typeof webConfigSchema>;
