import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { TAircraftConfiguration } from '@contrail/domain/reference/aircraft-configuration';
import type { TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { handleError } from '../../../lib/handle-error';
import { useDeleteConfiguration } from '../api/delete-configuration';
import { useUserConfigurations } from '../api/get-user-configurations';
import { ConfirmDialog } from './confirm-dialog';
import { SeatConfigurationEditor } from './seat-configuration-editor';
import { SeatSummary } from './seat-summary';

type Editing = { kind: 'new' } | { kind: 'edit'; configuration: TAircraftConfiguration } | null;

/** The pilot's CUSTOM configurations of one type: list, create, edit, delete (after a confirmation). */
export const CustomConfigurations = ({ aircraft, userId }: { aircraft: TAircraftInformation; userId: string }) => {
  const { t } = useTranslation('aircraft');
  const configurations = useUserConfigurations(userId);
  const remove = useDeleteConfiguration();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TAircraftConfiguration | null>(null);

  if (configurations.isPending) return <p role="status">{t('common:loading')}</p>;
  if (configurations.isError) return <Alert tone="error">{t('custom.loadError')}</Alert>;

  const ofType = configurations.data.filter((configuration) => configuration.icao === aircraft.icao);
  const namesExcept = (id?: string) => ofType.filter((configuration) => configuration.id !== id).map((configuration) => configuration.name);

  const confirmDelete = async (configuration: TAircraftConfiguration) => {
    try {
      await remove.mutateAsync(configuration.id);
      toast.success(t('custom.deleted', { name: configuration.name }));
      if (editing?.kind === 'edit' && editing.configuration.id === configuration.id) setEditing(null);
    } catch (error) {
      handleError(error);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {ofType.length === 0 ? (
        <p className="text-sm text-slate-300">{t('custom.empty', { icao: aircraft.icao })}</p>
      ) : (
        <ul aria-label={t('custom.listLabel', { icao: aircraft.icao })} className="flex flex-col divide-y divide-slate-700 rounded-lg border border-slate-700">
          {ofType.map((configuration) => (
            <li key={configuration.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="flex min-w-0 flex-col">
                <span className="truncate font-medium text-white">{configuration.name}</span>
                <SeatSummary seats={configuration} maxPaxCapacity={aircraft.maxPaxCapacity} />
              </div>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  aria-label={t('custom.editNamed', { name: configuration.name })}
                  onClick={() => setEditing({ kind: 'edit', configuration })}
                >
                  {t('custom.edit')}
                </Button>
                <Button variant="danger" aria-label={t('custom.deleteNamed', { name: configuration.name })} onClick={() => setDeleting(configuration)}>
                  {t('custom.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {editing ? (
        <SeatConfigurationEditor
          key={editing.kind === 'edit' ? editing.configuration.id : 'new'}
          aircraft={aircraft}
          configuration={editing.kind === 'edit' ? editing.configuration : undefined}
          otherNames={namesExcept(editing.kind === 'edit' ? editing.configuration.id : undefined)}
          onDone={() => setEditing(null)}
        />
      ) : (
        <Button className="self-start" onClick={() => setEditing({ kind: 'new' })}>
          {t('custom.new')}
        </Button>
      )}

      {deleting ? (
        <ConfirmDialog
          title={t('custom.confirmTitle')}
          message={t('custom.confirmMessage', { name: deleting.name, icao: aircraft.icao })}
          confirmLabel={t('custom.confirmDelete')}
          cancelLabel={t('custom.cancel')}
          isBusy={remove.isPending}
          onConfirm={() => void confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
};
