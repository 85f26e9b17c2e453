import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZSimulationInformationRequest, type TUserInformation } from '@contrail/domain/user/user-contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrorMessage } from '../../../lib/form-errors';
import { handleError } from '../../../lib/handle-error';
import { useUpdateSimulationInformation } from '../api/update-simulation-information';

type SimulationFormValues = z.input<typeof ZSimulationInformationRequest>;
const ids = ['simbrief', 'vatsim', 'ivao'] as const;

/** SimBrief, VATSIM and IVAO pilot ids: digits only. */
export const SimulationForm = ({ user }: { user: TUserInformation }) => {
  const { t } = useTranslation('profile');
  const update = useUpdateSimulationInformation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SimulationFormValues, unknown, z.output<typeof ZSimulationInformationRequest>>({
    resolver: zodResolver(ZSimulationInformationRequest),
    mode: 'onChange',
    defaultValues: { simbrief: user.simbrief ?? '', vatsim: user.vatsim ?? '', ivao: user.ivao ?? '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await update.mutateAsync({ userId: user.id, body });
      toast.success(t('simulation.saved'));
    } catch (error) {
      handleError(error);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4" aria-label={t('simulation.title')}>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {ids.map((name) => {
          const label = t(`fields.${name}`);
          return <TextField key={name} label={label} inputMode="numeric" error={fieldErrorMessage(errors[name], label)} {...register(name)} />;
        })}
      </div>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {t('simulation.save')}
      </Button>
    </form>
  );
};
