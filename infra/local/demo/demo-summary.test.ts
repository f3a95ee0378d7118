import { describe, expect, it } from 'vitest';
import { demoCatalogue } from './demo-catalogue';
import { DEMO_PAGES, FAILURE_REASONS } from './demo-pages';
import { demoSummary } from './demo-summary';

const text = demoSummary(3100, 'http://127.0.0.1:3100').join('\n');

describe('demoSummary', () => {
  it('names each shop with its own address and counts the catalogue', () => {
    expect(text).toContain('plays 4 competitors');
    expect(text).toContain('  Brightway Electricals: http://brightway.localhost:3100');
    expect(text).toContain('  Hearth & Home: http://hearth.localhost:3100');
    expect(text).toContain('  Volt Warehouse: http://volt.localhost:3100');
    expect(text).toContain('  Atlantic Direct: http://atlantic.localhost:3100');
    expect(text).toContain('9 products, 15 competitor URLs');
  });

  it('names every URL that fails on purpose, with the reason its page kind gives, and no other', () => {
    const failing = demoCatalogue(3100).competitorUrls.filter(({ url }) =>
      DEMO_PAGES.some((page) => page.failure && url.endsWith(page.path)),
    );

    expect(failing).toHaveLength(3);
    expect(text).toContain('HTTP 500');
    expect(text).toContain('3 of its URLs fail on purpose');
    expect(text).toContain(
      `  http://hearth.localhost:3100/hearth-and-home/kitchen/aurelia-pro-blender.html — ${FAILURE_REASONS['server-error']}`,
    );
    expect(text).toContain(
      `  http://volt.localhost:3100/volt-warehouse/p/aurelia-pro-blender — ${FAILURE_REASONS.slow}`,
    );
    expect(text).toContain(
      `  http://brightway.localhost:3100/brightway/trade/aurelia-pro-blender — ${FAILURE_REASONS['robots-disallowed']}`,
    );
    expect(text.match(/ — /g)).toHaveLength(3);
  });
});
