import { useTranslation } from 'react-i18next';
import type { TPositionHistoryPoint } from '@contrail/domain/flight-api/flight-contract';
import { buildFlightChartOptions } from '../../../lib/flight-chart';

const WIDTH = 720;
const HEIGHT = 240;
const ALTITUDE_COLOUR = '#38bdf8';
const SPEED_COLOUR = '#facc15';

const minutesSince = (startMs: number, ms: number) => Math.round((ms - startMs) / 60_000);

/** "Charts": altitude (left axis, ft) and speed (right axis, kt) over time, dashed cruise level. */
export const AltitudeSpeedChart = ({ points, cruiseLevelFt }: { points: readonly TPositionHistoryPoint[]; cruiseLevelFt: number }) => {
  const { t, i18n } = useTranslation('flightLog');
  const number = new Intl.NumberFormat(i18n.language);
  const options = buildFlightChartOptions(
    points.map((point) => ({ timeMs: Date.parse(point.createdAt), altitudeFt: point.altitude, speedKts: point.speed })),
    cruiseLevelFt,
    { width: WIDTH, height: HEIGHT },
  );
  if (options.isEmpty) return <p className="text-sm text-slate-300">{t('detail.chart.empty')}</p>;
  const { plot } = options;
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="w-full"
        role="img"
        aria-label={t('detail.chart.label', {
          altitude: number.format(Math.max(...points.map((p) => p.altitude))),
          speed: number.format(Math.max(...points.map((p) => p.speed))),
        })}
      >
        <rect x={plot.left} y={plot.top} width={plot.right - plot.left} height={plot.bottom - plot.top} fill="#0f172a" />
        {options.altitude.ticks.map((tick) => (
          <g key={`a${tick.value}`}>
            <line x1={plot.left} x2={plot.right} y1={tick.position} y2={tick.position} stroke="#334155" strokeWidth="1" />
            <text x={plot.left - 6} y={tick.position + 4} textAnchor="end" fontSize="11" fill={ALTITUDE_COLOUR}>
              {number.format(tick.value)}
            </text>
          </g>
        ))}
        {options.speed.ticks.map((tick) => (
          <text key={`s${tick.value}`} x={plot.right + 6} y={tick.position + 4} fontSize="11" fill={SPEED_COLOUR}>
            {number.format(tick.value)}
          </text>
        ))}
        {options.time.ticks.map((tick) => (
          <text key={`t${tick.value}`} x={tick.position} y={plot.bottom + 18} textAnchor="middle" fontSize="11" fill="#e2e8f0">
            {t('detail.chart.minutes', { count: minutesSince(options.time.minMs, tick.value) })}
          </text>
        ))}
        {options.cruiseLine ? (
          <line
            data-testid="cruise-line"
            x1={plot.left}
            x2={plot.right}
            y1={options.cruiseLine.y}
            y2={options.cruiseLine.y}
            stroke="#e2e8f0"
            strokeDasharray="6 4"
            strokeWidth="1"
          />
        ) : null}
        <path d={options.altitude.path} fill="none" stroke={ALTITUDE_COLOUR} strokeWidth="2" />
        <path d={options.speed.path} fill="none" stroke={SPEED_COLOUR} strokeWidth="2" />
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-slate-200">
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-0.5 w-4" style={{ backgroundColor: ALTITUDE_COLOUR }} />
          {t('detail.chart.altitude')}
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-0.5 w-4" style={{ backgroundColor: SPEED_COLOUR }} />
          {t('detail.chart.speed')}
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block w-4 border-t border-dashed border-slate-200" />
          {t('detail.chart.cruise', { level: number.format(cruiseLevelFt) })}
        </span>
      </figcaption>
    </figure>
  );
};
