import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { jumpseatCostFc } from '@contrail/domain/flight-api/jumpseat-cost';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { isApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/handle-error';
import { useJumpseat } from '../api/jumpseat';

/** Where the pilot stands, and the way to fly from there (spec /flight/career-mode). */
export const CurrentLocationCard = ({ ident, name }: { ident: string | null; name: string | null }) => {
  const { t } = useTranslation('career');
  if (!ident) return <p className="text-sm text-slate-200">{t('mode.noLocation')}</p>;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-base">
        {t('mode.youAreAt')} <strong className="text-white">{ident}</strong>
        {name ? <span className="text-slate-200"> · {name}</span> : null}
      </p>
      <Link to={`/flight/configuration?departure=${encodeURIComponent(ident)}`} className={buttonClasses('primary')}>
        {t('mode.flyFrom', { ident })}
      </Link>
    </div>
  );
};

export type JumpseatDistance = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; distanceNm: number };

type JumpseatPanelProps = {
  fromIdent: string | null;
  destinationIdent: string | null;
  /** Great-circle distance from the current airport to the destination (the cost depends on it). */
  distance: JumpseatDistance;
  balanceFc: number;
  /** The destination picker (the airport search field), given by the app. */
  destinationField: ReactNode;
  onDone: () => void;
};

/**
 * Jumpseat: ride to another airport as a passenger. The FC cost (domain jumpseatCostFc) is shown
 * before the pilot confirms; a balance too low is said before sending anything.
 */
export const JumpseatPanel = ({ fromIdent, destinationIdent, distance, balanceFc, destinationField, onDone }: JumpseatPanelProps) => {
  const { t, i18n } = useTranslation('career');
  const number = new Intl.NumberFormat(i18n.language);
  const jumpseat = useJumpseat();
  const [isConfirming, setIsConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Without a current airport the server charges the minimum (distance 0).
  const distanceNm = fromIdent === null ? 0 : distance.status === 'ready' ? distance.distanceNm : null;
  const cost = distanceNm === null ? null : jumpseatCostFc(distanceNm);
  const isSameAirport = destinationIdent !== null && destinationIdent === fromIdent;
  const canAfford = cost !== null && cost <= balanceFc;

  const confirm = async () => {
    if (!destinationIdent) return;
    setError(null);
    try {
      const result = await jumpseat.mutateAsync({ arrivalLocation: { icao: destinationIdent } });
      toast.success(t('jumpseat.done', { to: result.toIdent, cost: number.format(result.cost), balance: number.format(result.balance) }));
      setIsConfirming(false);
      onDone();
    } catch (caught) {
      setError(isApiError(caught) && caught.errorCode === ErrorCode.notEnoughFc ? t('jumpseat.notEnough') : errorMessage(caught));
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {destinationField}
      <div aria-live="polite" className="flex flex-col gap-2">
        {destinationIdent === null ? null : isSameAirport ? (
          <Alert tone="info">{t('jumpseat.sameAirport', { ident: destinationIdent })}</Alert>
        ) : distance.status === 'error' && fromIdent !== null ? (
          <Alert tone="error">{t('jumpseat.distanceError')}</Alert>
        ) : cost === null || distanceNm === null ? (
          <p role="status">{t('jumpseat.computing')}</p>
        ) : (
          <>
            <p data-testid="jumpseat-cost" className="text-sm">
              {t('jumpseat.cost', { from: fromIdent ?? '—', to: destinationIdent, distance: number.format(distanceNm), cost: number.format(cost) })}
            </p>
            {!canAfford ? <Alert tone="warning">{t('jumpseat.notEnoughBefore', { cost: number.format(cost), balance: number.format(balanceFc) })}</Alert> : null}
            {isConfirming ? (
              <div role="group" aria-label={t('jumpseat.confirmLabel')} className="flex flex-col gap-2 rounded-lg border border-amber-400 p-3">
                <p className="text-sm">
                  {t('jumpseat.confirmText', { to: destinationIdent, cost: number.format(cost), after: number.format(balanceFc - cost) })}
                </p>
                <div className="flex gap-2">
                  <Button onClick={() => void confirm()} disabled={jumpseat.isPending}>
                    {t('jumpseat.confirm', { cost: number.format(cost) })}
                  </Button>
                  <Button variant="secondary" onClick={() => setIsConfirming(false)}>
                    {t('jumpseat.cancel')}
                  </Button>
                </div>
              </div>
            ) : (
              <Button className="self-start" disabled={!canAfford} onClick={() => setIsConfirming(true)}>
                {t('jumpseat.go', { to: destinationIdent })}
              </Button>
            )}
          </>
        )}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
      <p className="text-xs text-slate-300">
        {t('jumpseat.hint')} <TextLink to="/wallet">{t('jumpseat.wallet')}</TextLink>
      </p>
    </div>
  );
};
