import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart as ChartJS, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import type { TPositionHistoryPoint } from '@contrail/domain/flight-api/flight-contract';
import { buildAltitudeSpeedChart } from '../lib/altitude-speed-chart-config';

ChartJS.register(LineController, LineElement, PointElement, LinearScale, Legend, Tooltip);

/** The altitude (left axis) and speed (right axis) chart of the flight, with the dashed cruise level. */
export const AltitudeSpeedChart = ({ history, cruiseLevelFt }: { history: readonly TPositionHistoryPoint[]; cruiseLevelFt: number }) => {
  const { t, i18n } = useTranslation('flightCurrent');
  const { data, options } = useMemo(
    () =>
      buildAltitudeSpeedChart({
        history,
        cruiseLevelFt,
        labels: {
          altitude: t('chart.altitude'),
          speed: t('chart.speed'),
          cruiseLevel: t('chart.cruiseLevel'),
          altitudeAxis: t('chart.altitudeAxis'),
          speedAxis: t('chart.speedAxis'),
        },
      }),
    [history, cruiseLevelFt, t],
  );
  const last = history.at(-1);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <figure className="flex flex-col gap-2">
      {history.length === 0 ? (
        <p className="text-sm text-slate-300">{t('chart.empty')}</p>
      ) : (
        <div className="h-56">
          <Line data={data} options={options} aria-label={t('chart.label', { count: history.length })} />
        </div>
      )}
      <figcaption className="text-xs text-slate-300">
        {last
          ? t('chart.caption', { altitude: number.format(Math.round(last.altitude)), speed: number.format(Math.round(last.speed)), cruise: number.format(cruiseLevelFt) })
          : t('chart.captionEmpty', { cruise: number.format(cruiseLevelFt) })}
      </figcaption>
    </figure>
  );
};
