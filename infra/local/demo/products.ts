/** The products the competitor shops sell, described as a shop would (our catalogue uses its own SKUs). */

export type Glyph =
  | 'kettle'
  | 'toaster'
  | 'headphones'
  | 'speaker'
  | 'earbuds'
  | 'fan'
  | 'radiator'
  | 'lamp'
  | 'blender';

export interface ShopProduct {
  readonly name: string;
  readonly brand: string;
  /** Manufacturer part number, the same at every shop. */
  readonly mpn: string;
  readonly gtin: string;
  readonly category: string;
  readonly glyph: Glyph;
  readonly description: string;
  readonly specs: readonly (readonly [string, string])[];
}

export type ProductId = keyof typeof PRODUCTS;

export const PRODUCTS = {
  kettle: {
    name: 'Aurelia 1.7L Rapid Boil Kettle',
    brand: 'Aurelia',
    mpn: 'AUR-K170',
    gtin: '5012345678900',
    category: 'Kettles',
    glyph: 'kettle',
    description:
      'A 3 kW kettle that boils a single cup in 45 seconds, with a 360° base, limescale filter and a "keep warm" setting for 30 minutes.',
    specs: [
      ['Capacity', '1.7 litres'],
      ['Power', '3000 W'],
      ['Colour', 'Brushed steel'],
    ],
  },
  toaster: {
    name: 'Aurelia 4-Slice Toaster',
    brand: 'Aurelia',
    mpn: 'AUR-T400',
    gtin: '5012345678917',
    category: 'Toasters',
    glyph: 'toaster',
    description:
      'Four extra-wide slots for bagels & crumpets, 7 browning levels, defrost and reheat, and a pull-out crumb tray.',
    specs: [
      ['Slots', '4 (extra wide)'],
      ['Power', '1800 W'],
      ['Colour', 'Cream'],
    ],
  },
  headphones: {
    name: 'Sonora ANC Wireless Headphones',
    brand: 'Sonora',
    mpn: 'SN-H700',
    gtin: '5012345678924',
    category: 'Headphones',
    glyph: 'headphones',
    description:
      'Over-ear headphones with adaptive noise cancelling, 40 hours of battery life and multipoint Bluetooth 5.3.',
    specs: [
      ['Battery', 'Up to 40 hours'],
      ['Connectivity', 'Bluetooth 5.3, USB-C, 3.5 mm'],
      ['Weight', '254 g'],
    ],
  },
  speaker: {
    name: 'Sonora Pocket Bluetooth Speaker',
    brand: 'Sonora',
    mpn: 'SN-S120',
    gtin: '5012345678931',
    category: 'Speakers',
    glyph: 'speaker',
    description:
      'A splash-proof (IP67) speaker that fits a coat pocket, with 12 hours of play and a built-in strap.',
    specs: [
      ['Battery', 'Up to 12 hours'],
      ['Water resistance', 'IP67'],
      ['Colour', 'Midnight blue'],
    ],
  },
  earbuds: {
    name: 'Sonora Buds True Wireless Earbuds',
    brand: 'Sonora',
    mpn: 'SN-B300',
    gtin: '5012345678948',
    category: 'Headphones',
    glyph: 'earbuds',
    description:
      'Compact earbuds with noise cancelling, wireless charging case and 28 hours of total playback.',
    specs: [
      ['Battery', '7 h (28 h with case)'],
      ['Charging', 'USB-C & Qi wireless'],
      ['Colour', 'Graphite'],
    ],
  },
  fan: {
    name: 'Zephyr 16" Pedestal Fan',
    brand: 'Zephyr',
    mpn: 'ZP-F16',
    gtin: '5012345678955',
    category: 'Fans',
    glyph: 'fan',
    description: 'A quiet 16-inch fan with 3 speeds, 85° oscillation, a 7.5-hour timer and a remote control.',
    specs: [
      ['Blade size', '16" (40 cm)'],
      ['Height', 'Adjustable, 105–130 cm'],
      ['Power', '45 W'],
    ],
  },
  radiator: {
    name: 'Zephyr 2kW Oil-Filled Radiator',
    brand: 'Zephyr',
    mpn: 'ZP-R2000',
    gtin: '5012345678962',
    category: 'Heaters',
    glyph: 'radiator',
    description:
      'A 9-fin oil-filled radiator with 3 heat settings, thermostat, 24-hour timer and tip-over protection.',
    specs: [
      ['Power', '2000 W (3 settings)'],
      ['Fins', '9'],
      ['Timer', '24 hours'],
    ],
  },
  lamp: {
    name: 'Lumen Smart LED Desk Lamp',
    brand: 'Lumen',
    mpn: 'LM-D10',
    gtin: '5012345678979',
    category: 'Desk Lamps',
    glyph: 'lamp',
    description:
      'A dimmable desk lamp with warm-to-cool colour control, app & voice control and a USB-C charging port.',
    specs: [
      ['Brightness', '600 lumens'],
      ['Colour temperature', '2700–6500 K'],
      ['Smart home', 'Works with Alexa & Google'],
    ],
  },
  blender: {
    name: 'Aurelia Pro Blender 1200W',
    brand: 'Aurelia',
    mpn: 'AUR-B1200',
    gtin: '5012345678986',
    category: 'Blenders',
    glyph: 'blender',
    description:
      'A 1200 W jug blender with a 1.8-litre Tritan jug, 6 programmes and a pulse & ice-crush setting.',
    specs: [
      ['Power', '1200 W'],
      ['Jug', '1.8 litres, BPA free'],
      ['Programmes', '6 + pulse'],
    ],
  },
} as const satisfies Record<string, ShopProduct>;
