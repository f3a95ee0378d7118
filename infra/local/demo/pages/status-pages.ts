/** The pages a shop answers with when something is wrong: its own 500 page, and a 404. */
import { html } from '../html';
import type { Shop } from '../shops';
import { layout, shopHome } from './layout';

/** A shop's branded 'something went wrong' page, sent with status 500. */
export function serverErrorPage(shop: Shop): string {
  return layout({
    shop,
    title: 'Something went wrong',
    breadcrumbs: ['Error'],
    main: html`<h1>Sorry, something went wrong</h1>
<p>We could not load this page. Please try again in a few minutes.</p>
<p class="error-reference">Error reference: 500-PDP-TIMEOUT</p>`,
  });
}

/** 'Not found' in the look of the shop the path belongs to, or a plain page outside any shop. */
export function notFoundPage(shop: Shop | undefined, path: string): string {
  if (!shop) {
    return `<!DOCTYPE html>\n${html`<html lang="en-GB"><head><meta charset="utf-8"><title>Page not found</title></head>
<body><h1>Page not found</h1><p>Nothing lives at ${path}. The demo shops are listed at <a href="/">the start page</a>.</p></body></html>
`}`;
  }
  return layout({
    shop,
    title: 'Page not found',
    breadcrumbs: ['Page not found'],
    main: html`<h1>We can't find that page</h1>
<p>The product may have been removed. <a href="${shopHome(shop)}">Browse ${shop.name}</a></p>`,
  });
}
