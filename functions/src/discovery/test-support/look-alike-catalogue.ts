/**
 * A generated catalogue and one competitor's listing of it, for matching tests and benchmarks: the
 * competitor writes our products its own way (other word order, extra words, model numbers without
 * dashes, sizes in other units, the brand in the name or not), lists some with identifiers, and
 * lists look-alikes we do not sell: the same product but for one digit of its model number, or
 * another size. Deterministic for a seed.
 */
import { seededRandom } from '../../test-support/seeded-random';
import type { CatalogueProduct, FoundProduct } from '../match-products';

export interface LookAlikeSet {
  readonly catalogue: CatalogueProduct[];
  readonly found: FoundProduct[];
  /** Each found product's true match in the catalogue (its id), or null for one we do not sell. */
  readonly truth: (number | null)[];
  /** Which found products are look-alikes of ours (never to be matched). */
  readonly lookAlike: boolean[];
  /** Which found products carry an identifier (GTIN or MPN) of their product. */
  readonly identified: boolean[];
}

const BRANDS = [
  'Acme',
  'Borealis',
  'Cobalt',
  'Dynamo',
  'Everest',
  'Fjordline',
  'Granite',
  'Helix',
  'Ionic',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Orca',
  'Pinnacle',
  'Quasar',
  'Redwood',
  'Solstice',
  'Tundra',
];
const KINDS: readonly { kind: string; unit: readonly string[] }[] = [
  { kind: 'Kettle', unit: ['1.7L', '1.5L', '1L'] },
  { kind: 'Blender', unit: ['1.5L', '2L', '600W', '1000W'] },
  { kind: 'Headphones', unit: [] },
  { kind: 'Bluetooth Speaker', unit: ['10W', '20W', '40W'] },
  { kind: 'Cordless Drill', unit: ['18V', '12V', '20V'] },
  { kind: 'Vacuum Cleaner', unit: ['700W', '900W'] },
  { kind: 'Coffee Machine', unit: ['1.2L', '1.8L'] },
  { kind: 'Hair Dryer', unit: ['2000W', '2200W'] },
  { kind: 'Monitor', unit: ['24"', '27"', '32"'] },
  { kind: 'Shampoo', unit: ['250ml', '400ml', '500ml'] },
  { kind: 'Olive Oil', unit: ['500ml', '750ml', '1L'] },
  { kind: 'Memory Card', unit: ['64GB', '128GB', '256GB'] },
  { kind: 'Dog Food', unit: ['2kg', '5kg', '12kg'] },
  { kind: 'Power Bank', unit: ['10000mAh', '20000mAh'] },
  { kind: 'Desk Lamp', unit: [] },
];
const QUALITIES = [
  'Stainless Steel',
  'Compact',
  'Professional',
  'Ultra Quiet',
  'Slim',
  'Premium',
  'Eco',
  'Travel',
  'Deluxe',
  'Smart',
];
const EXTRAS = [
  'with Free Gift',
  'Fast Delivery',
  '2 Year Warranty',
  'Best Seller',
  'New Model',
  'Energy Saving',
  'UK Plug',
];
const COLOURS = ['Black', 'White', 'Silver', 'Red', 'Blue'];

/** A valid GTIN-13 from a 12-digit stem. */
export function gtin13(stem: number): string {
  const digits = String(stem).padStart(12, '0');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** A size as the competitor writes it: litres as millilitres and the other way round, inches spelled. */
function otherwiseWritten(size: string): string {
  const litres = /^(\d+(?:\.\d+)?)L$/.exec(size);
  if (litres) return `${Number(litres[1]) * 1000}ml`;
  const ml = /^(\d+)ml$/.exec(size);
  if (ml && Number(ml[1]) >= 500) return `${Number(ml[1]) / 1000} Litre`;
  if (size.endsWith('"')) return `${size.slice(0, -1)} inch`;
  return size.replace(/(\d)([A-Za-z])/, '$1 $2');
}

/** The model but for one digit, and no model of the catalogue's (which would be that product). */
function otherModel(model: string, taken: Set<string>): string {
  for (let step = 1; ; step++) {
    const other = model.replace(/\d(?=\d$)/, (d) => String((Number(d) + step) % 10));
    if (!taken.has(other) || step > 9) {
      taken.add(other);
      return other;
    }
  }
}

/** Another size in the same unit (a look-alike of 1.5 L is 2 L, not 600 W), or null when there is none. */
function anotherSize(sizes: readonly string[], size: string): string | null {
  const unit = (s: string) => s.replace(/^[\d.]+/, '');
  return sizes.find((s) => s !== size && unit(s) === unit(size)) ?? null;
}

interface Made {
  brand: string;
  kind: string;
  quality: string;
  model: string;
  size: string | null;
  colour: string | null;
}

/**
 * `products` catalogue products; the competitor lists `foundShare` of them (some with identifiers),
 * a look-alike for a tenth of the catalogue, and unrelated products of its own.
 */
export function lookAlikeSet(products: number, seed = 1, foundShare = 0.5): LookAlikeSet {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const catalogue: CatalogueProduct[] = [];
  const made: Made[] = [];
  const models = new Set<string>();
  const newModel = () => {
    for (;;) {
      const letters = String.fromCharCode(65 + Math.floor(rnd() * 26), 65 + Math.floor(rnd() * 26));
      const model = `${letters}-${100 + Math.floor(rnd() * 9900)}`;
      if (!models.has(model)) {
        models.add(model);
        return model;
      }
    }
  };
  for (let i = 0; i < products; i++) {
    const { kind, unit } = pick(KINDS);
    const item: Made = {
      brand: pick(BRANDS),
      kind,
      quality: pick(QUALITIES),
      model: newModel(),
      size: unit.length > 0 ? pick(unit) : null,
      colour: rnd() < 0.4 ? pick(COLOURS) : null,
    };
    made.push(item);
    const withBrand = rnd() < 0.8;
    catalogue.push({
      id: i + 1,
      name: [withBrand ? null : item.brand, item.quality, item.kind, item.model, item.size, item.colour]
        .filter(Boolean)
        .join(' '),
      brand: withBrand ? item.brand : null,
      gtin: rnd() < 0.5 ? gtin13(100_000_000 + i) : null,
      mpn: rnd() < 0.5 ? item.model : null,
    });
  }
  const found: FoundProduct[] = [];
  const truth: (number | null)[] = [];
  const lookAlike: boolean[] = [];
  const identified: boolean[] = [];
  const theirName = (item: Made, model: string, size: string | null) => {
    const words = [
      rnd() < 0.7 ? item.brand : null,
      rnd() < 0.5 ? item.kind : null,
      rnd() < 0.8 ? item.quality : null,
      rnd() < 0.5 ? model.replace('-', '') : model,
      rnd() < 0.5 ? null : item.kind,
      size && (rnd() < 0.5 ? otherwiseWritten(size) : size),
      item.colour,
      rnd() < 0.3 ? pick(EXTRAS) : null,
    ];
    if (!words.includes(item.kind)) words.splice(2, 0, item.kind);
    const name = words.filter(Boolean).join(' ');
    return rnd() < 0.3 ? name.toUpperCase() : name;
  };
  catalogue.forEach((ours, at) => {
    const item = made[at] as Made;
    if (rnd() < foundShare) {
      const gtin = ours.gtin && rnd() < 0.6 ? ours.gtin : null;
      const mpn = ours.mpn && rnd() < 0.6 ? item.model : null;
      found.push({
        url: `/product/${found.length + 1}`,
        name: theirName(item, item.model, item.size),
        brand: rnd() < 0.6 ? item.brand : null,
        gtins: gtin ? [gtin] : [],
        mpn,
      });
      truth.push(ours.id);
      lookAlike.push(false);
      identified.push(gtin !== null || (mpn !== null && ours.mpn !== null));
    }
    if (at % 10 === 0) {
      // Ours but for one digit of the model, or another size.
      const otherSize =
        item.size && rnd() < 0.5
          ? anotherSize(KINDS.find((k) => k.kind === item.kind)?.unit ?? [], item.size)
          : null;
      const model = otherSize ? item.model : otherModel(item.model, models);
      found.push({
        url: `/product/${found.length + 1}`,
        name: theirName(item, model, otherSize ?? item.size),
        brand: item.brand,
        gtins: [gtin13(900_000_000 + at)],
        mpn: model === item.model ? null : model,
      });
      truth.push(null);
      lookAlike.push(true);
      identified.push(false);
    }
  });
  for (let i = 0; i < Math.floor(products / 20); i++) {
    const { kind, unit } = pick(KINDS);
    const item: Made = {
      brand: pick(BRANDS),
      kind,
      quality: pick(QUALITIES),
      model: newModel(),
      size: unit[0] ?? null,
      colour: null,
    };
    found.push({
      url: `/product/${found.length + 1}`,
      name: theirName(item, item.model, item.size),
      brand: null,
      gtins: [],
      mpn: null,
    });
    truth.push(null);
    lookAlike.push(false);
    identified.push(false);
  }
  return { catalogue, found, truth, lookAlike, identified };
}
