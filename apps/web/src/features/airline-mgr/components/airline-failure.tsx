import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useDeleteAirline, type TAirline } from '../api/airline-mgr';
import { CreateAirlineForm } from './create-airline-form';

/**
 * /airline-mgr/failure: a FAILED airline. The owner resets it (the code kept) or
 * deletes it behind an OK/Cancel confirmation; the others read what happened.
 */
export const AirlineFailure = ({ airline, onGone }: { airline: TAirline; onGone: (next: TAirline | null) => void }) => {
  const { t } = useTranslation('airlineMgr');
  if (!airline.isOwner) return <Alert tone="error">{t('failed.member')}</Alert>;
  return (
    <div className="flex flex-col gap-6">
      <Alert tone="error">{t('failed.owner')}</Alert>
      <CreateAirlineForm reset={airline} onCreated={(next) => onGone(next)} />
      <DeleteAirline airline={airline} onDeleted={() => onGone(null)} />
    </div>
  );
};

/** The owner deletes the airline for good, behind an OK/Cancel confirmation (a FAILED airline, or from its configuration). */
export const DeleteAirline = ({ airline, onDeleted }: { airline: TAirline; onDeleted: () => void }) => {
  const { t } = useTranslation('airlineMgr');
  const remove = useDeleteAirline(airline.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby="delete-airline" className="flex flex-col gap-2">
      <h2 id="delete-airline" className="text-lg font-semibold text-slate-50">
        {t('failure.deleteTitle')}
      </h2>
      {confirming ? (
        <div role="alertdialog" aria-labelledby="delete-confirm" className="flex flex-col gap-2 rounded-md border border-red-400 p-3">
          <p id="delete-confirm" className="text-sm text-slate-100">
            {t('failure.confirm', { name: airline.name })}
          </p>
          <div className="flex gap-2">
            <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate(undefined, { onSuccess: onDeleted })}>
              {t('failure.ok')}
            </Button>
            <Button variant="secondary" autoFocus onClick={() => setConfirming(false)}>
              {t('failure.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="danger" className="self-start" onClick={() => setConfirming(true)}>
          {t('failure.delete')}
        </Button>
      )}
    </section>
  );
};
