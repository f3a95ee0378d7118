// Geometry of the small price history chart: price records to points in an SVG box. Pure, so the
// scaling (a flat series, one record, gaps) is tested without a DOM.

export interface ChartBox {
  width: number;
  height: number;
  padding: number;
}

export interface ChartPoint {
  x: number;
  y: number;
  price: number;
  scraped_at: string;
}

export interface ChartSeries {
  points: ChartPoint[];
  min: number;
  max: number;
  /** The SVG path through the points, oldest on the left. */
  path: string;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Places the priced records (any order; records without a price are skipped) oldest to newest,
 * spread evenly across the width, the lowest price at the bottom. A flat series sits in the middle.
 * Returns null when no record has a price.
 */
export function chartSeries(
  records: readonly { price: number | null; scraped_at: string }[],
  box: ChartBox,
): ChartSeries | null {
  const priced = records
    .filter((record): record is { price: number; scraped_at: string } => record.price !== null)
    .sort((a, b) => Date.parse(a.scraped_at) - Date.parse(b.scraped_at));
  if (priced.length === 0) return null;
  const prices = priced.map((record) => record.price);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const innerWidth = box.width - 2 * box.padding;
  const innerHeight = box.height - 2 * box.padding;
  const points = priced.map((record, index) => ({
    x: round(
      box.padding + (priced.length === 1 ? innerWidth / 2 : (index / (priced.length - 1)) * innerWidth),
    ),
    y: round(
      max === min
        ? box.padding + innerHeight / 2
        : box.padding + ((max - record.price) / (max - min)) * innerHeight,
    ),
    price: record.price,
    scraped_at: record.scraped_at,
  }));
  const path = points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x} ${point.y}`).join(' ');
  return { points, min, max, path };
}
