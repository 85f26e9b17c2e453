import { useTranslation } from 'react-i18next';
import type { TPlane } from '@contrail/domain/airline/airline-contract';
import { canStartMaintenance } from '@contrail/domain/economy/airline-economy';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/handle-error';
import { usePlanes, useStartMaintenance, type TAirline } from '../api/airline-mgr';

/** Why maintenance cannot start now, or null when it can. */
export const maintenanceBlocker = (plane: Pick<TPlane, 'state' | 'airport' | 'wear'>): 'notOnGround' | 'perfect' | null => {
  if ((plane.state !== 'AT_AIRPORT' && plane.state !== 'GROUNDED') || plane.airport === null) return 'notOnGround';
  if (!canStartMaintenance(plane.wear)) return 'perfect';
  return null;
};

/** The fleet: state, wear, where each plane is; maintenance for the owner and administrators. */
export const AirlinePlanes = ({ airline }: { airline: TAirline }) => {
  const { t, i18n } = useTranslation('airlineMgr');
  const planes = usePlanes(airline.id);
  // One decimal: a flight takes a fraction of a point, which the manager should see.
  const condition = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const maintain = useStartMaintenance(airline.id);
  const mayMaintain = airline.isOwner || airline.isAdmin;
  return (
    <section aria-labelledby="planes" className="flex flex-col gap-2">
      <h2 id="planes" className="text-lg font-semibold text-slate-50">
        {t('planes.title')}
      </h2>
      {planes.isPending ? <p role="status">{t('common:loading')}</p> : null}
      {planes.isError ? <Alert tone="error">{errorMessage(planes.error)}</Alert> : null}
      {planes.data?.items.length === 0 ? <p className="text-sm text-slate-200">{t('planes.empty')}</p> : null}
      {planes.data && planes.data.items.length > 0 ? (
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">{t('planes.registration')}</th>
              <th scope="col">{t('planes.model')}</th>
              <th scope="col">{t('planes.state')}</th>
              <th scope="col">{t('planes.wear')}</th>
              <th scope="col">{t('planes.where')}</th>
              {mayMaintain ? <th scope="col">{t('planes.maintenance')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {planes.data.items.map((plane) => {
              const blocker = maintenanceBlocker(plane);
              return (
                <tr key={plane.id}>
                  <td>{plane.tailRegistration}</td>
                  <td>{`${plane.model} (${plane.icao})`}</td>
                  <td>{t(`planes.states.${plane.state}`)}</td>
                  <td>{`${condition.format(plane.wear)} %`}</td>
                  <td>{plane.airport ?? '—'}</td>
                  {mayMaintain ? (
                    <td>
                      <Button
                        variant="secondary"
                        disabled={blocker !== null || maintain.isPending}
                        aria-describedby={blocker ? `maintenance-${plane.id}` : undefined}
                        onClick={() => maintain.mutate(plane.id)}
                      >
                        {t('planes.maintain')}
                      </Button>
                      {blocker ? (
                        <span id={`maintenance-${plane.id}`} className="ml-2 text-slate-300">
                          {t(`planes.blocked.${blocker}`)}
                        </span>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </section>
  );
};
