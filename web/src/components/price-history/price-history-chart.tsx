// The price history chart itself (recharts, decision 51): a time axis, one line per competitor, our price
// as a dashed step line (it holds until it changes) labelled with today's, and a tooltip with the prices
// and the date and time of each check. Loaded lazily by PriceHistoryFigure, so the library stays out of the
// initial JavaScript.
import { formatDateTime, formatMoney } from '@cmp/shared';
import { CartesianGrid, Line, LineChart, ReferenceDot, Tooltip, XAxis, YAxis } from 'recharts';
import { axisTimeLabel, OUR_PRICE_KEY, type PriceHistoryData } from './price-history-data';

/** Distinct line colours, each at least 3:1 against the white background (WCAG 1.4.11). */
const LINE_COLOURS = ['#2563eb', '#c2410c', '#15803d', '#7e22ce', '#be123c', '#0e7490', '#4d7c0f', '#a16207'];
const OUR_PRICE_COLOUR = '#0f172a';

export function PriceHistoryChart({
  data,
  currency,
  label,
}: {
  data: PriceHistoryData;
  currency: string;
  /** The chart's accessible name; the keyboard reads it point by point with the arrow keys. */
  label: string;
}) {
  const money = (value: unknown) => (typeof value === 'number' ? formatMoney(value, currency) : '');
  const span = data.domain[1] - data.domain[0];
  const colour = (index: number) => LINE_COLOURS[index % LINE_COLOURS.length] ?? OUR_PRICE_COLOUR;
  return (
    // The chart takes focus for its arrow keys: it shows the theme's focus ring like every control.
    <div className="flex flex-col gap-2 [&_svg:focus-visible]:outline-2 [&_svg:focus-visible]:outline-offset-2 [&_svg:focus-visible]:outline-ring">
      <LineChart
        data={data.rows}
        responsive
        style={{ width: '100%', height: 240 }}
        margin={{ top: 16, right: 16, bottom: 4, left: 8 }}
        aria-label={label}
      >
        <CartesianGrid stroke="var(--color-border)" />
        <XAxis
          dataKey="at"
          type="number"
          scale="time"
          domain={data.domain}
          tickFormatter={(at: number) => axisTimeLabel(at, span)}
          tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }}
          minTickGap={24}
        />
        <YAxis
          domain={['auto', 'auto']}
          tickFormatter={money}
          tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }}
          width={72}
        />
        <Tooltip
          labelFormatter={(at) => (typeof at === 'number' ? formatDateTime(at) : '')}
          formatter={(value, name) => [money(value), name]}
        />
        <Line
          dataKey={OUR_PRICE_KEY}
          name="Our price"
          type="stepAfter"
          stroke={OUR_PRICE_COLOUR}
          strokeWidth={2}
          strokeDasharray="6 4"
          dot={false}
          isAnimationActive={false}
        />
        <ReferenceDot
          x={data.domain[1]}
          y={data.ourPrice}
          r={0}
          ifOverflow="extendDomain"
          label={{
            value: `Our price ${money(data.ourPrice)}`,
            position: 'insideBottomRight',
            fill: OUR_PRICE_COLOUR,
            fontSize: 12,
          }}
        />
        {data.series.map((series, index) => (
          <Line
            key={series.key}
            dataKey={series.key}
            name={series.name}
            stroke={colour(index)}
            strokeWidth={2}
            dot={{ r: 3 }}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
      {/* Our own legend, not the library's list, so the dialog's lists stay its competitors. */}
      <p className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs">
        {data.series.map((series, index) => (
          <span key={series.key} className="flex items-center gap-1">
            <Swatch colour={colour(index)} />
            {series.name}
          </span>
        ))}
        <span className="flex items-center gap-1">
          <Swatch colour={OUR_PRICE_COLOUR} dashed />
          Our price
        </span>
      </p>
    </div>
  );
}

function Swatch({ colour, dashed = false }: { colour: string; dashed?: boolean }) {
  return (
    <svg width="20" height="8" aria-hidden="true">
      <line
        x1="0"
        y1="4"
        x2="20"
        y2="4"
        stroke={colour}
        strokeWidth={2}
        strokeDasharray={dashed ? '4 3' : undefined}
      />
    </svg>
  );
}
