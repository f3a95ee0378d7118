import { type Browser, chromium } from 'playwright-core';
import { rendererLaunchOptions } from './render-page';

/**
 * The renderer's Chromium: the one CHROMIUM_PATH names where the settings give one (locally, Debian's
 * `chromium`); without it (the RenderUrl function on AWS) the one @sparticuz/chromium unpacks into
 * /tmp from CHROMIUM_BIN_DIR, with the flags it needs on Lambda. Either way with the renderer's own options
 * (render-page.ts: no network of its own).
 */
export async function launchRenderer(where: {
  chromiumPath?: string | undefined;
  /** The folder of @sparticuz/chromium's packed files (its own `bin` when not given). */
  chromiumBinDir?: string | undefined;
}): Promise<Browser> {
  if (where.chromiumPath) return chromium.launch(rendererLaunchOptions(where.chromiumPath));
  const { default: lambdaChromium } = await import('@sparticuz/chromium');
  const options = rendererLaunchOptions(await lambdaChromium.executablePath(where.chromiumBinDir));
  return chromium.launch({ ...options, args: [...lambdaChromium.args, ...options.args] });
}
