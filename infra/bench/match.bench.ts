/**
 * `npm run bench:match`: matching 100,000 catalogue products against 50,000 products found at one
 * competitor (issue 32: ≤ 60 s in one Lambda-sized process), on a generated catalogue whose
 * competitor writes names its own way and lists look-alikes (look-alike-catalogue.ts). Prints the
 * time to index the catalogue and to match, the heap it took, and how right the suggestions were.
 */
import { CatalogueIndex, matchProducts } from '@cmp/functions/discovery/match-products';
import { lookAlikeSet } from '@cmp/functions/discovery/test-support/look-alike-catalogue';
import { emitRows } from './bench-report';

const CATALOGUE = 100_000;
const FOUND = 50_000;
const BUDGET_S = 60;

// Half the catalogue listed by the competitor, with a look-alike for a tenth and a twentieth of its own.
const set = lookAlikeSet(CATALOGUE, 1, (FOUND - CATALOGUE / 10 - CATALOGUE / 20) / CATALOGUE);
const found = set.found.slice(0, FOUND);
globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const started = performance.now();
const index = new CatalogueIndex(set.catalogue);
const indexed = performance.now();
const suggestions = matchProducts(index, found, { threshold: 0.8 });
const ended = performance.now();
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;

const right = suggestions.filter((m) => set.truth[m.found] === m.productId).length;
const name = `match ${CATALOGUE.toLocaleString('en')} products against ${found.length.toLocaleString('en')} found`;
emitRows([
  { figure: `${name}: index the catalogue`, value: (indexed - started) / 1000, unit: 's' },
  { figure: `${name}: the whole match`, value: (ended - started) / 1000, unit: 's', budget: BUDGET_S },
  { figure: `${name}: heap taken (index and suggestions)`, value: heapMb, unit: 'MB' },
  { figure: `${name}: suggestions`, value: suggestions.length, unit: '' },
  { figure: `${name}: suggestions right`, value: (right / suggestions.length) * 100, unit: '%' },
  {
    figure: `${name}: look-alikes suggested`,
    value: suggestions.filter((m) => set.lookAlike[m.found]).length,
    unit: '',
    budget: 0,
  },
]);
