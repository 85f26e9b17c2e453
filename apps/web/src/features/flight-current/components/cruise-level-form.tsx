import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CRUISE_LEVEL_MAX_FT, CRUISE_LEVEL_MIN_FT } from '@contrail/domain/flight/cruise-level';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { SendControl } from './cabin-controls';
import { controlRejectionMessage } from '../lib/control-rejection';

/**
 * A new cruise level in flight (UpdateCruiseLevel), for every flight type: after a diversion or a
 * clearance from ATC. The server records it (the chart's dashed line moves) and the built-in
 * simulator flies it.
 */
export const CruiseLevelForm = ({ cruiseLevelFt, onControl, isDisabled }: { cruiseLevelFt: number; onControl: SendControl; isDisabled: boolean }) => {
  const { t } = useTranslation('flightCurrent');
  const [value, setValue] = useState(String(cruiseLevelFt));
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const levelFt = Number(value);
    if (value.trim() === '' || !Number.isInteger(levelFt) || levelFt < CRUISE_LEVEL_MIN_FT || levelFt > CRUISE_LEVEL_MAX_FT) {
      setFieldError(t('actions.cruiseLevelRange'));
      return;
    }
    setFieldError(undefined);
    setIsBusy(true);
    setMessage(null);
    try {
      const result = await onControl({ type: 'UpdateCruiseLevel', cruiseLevelFt: levelFt });
      setMessage(
        result.accepted
          ? { tone: 'success', text: t('actions.cruiseLevelChanged', { level: levelFt }) }
          : { tone: 'error', text: controlRejectionMessage(t, result.rejection) },
      );
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
      <TextField
        label={t('actions.cruiseLevel')}
        type="number"
        inputMode="numeric"
        min={CRUISE_LEVEL_MIN_FT}
        max={CRUISE_LEVEL_MAX_FT}
        step={500}
        hint={t('actions.cruiseLevelHint', { level: cruiseLevelFt })}
        error={fieldError}
        disabled={isDisabled}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <div>
        <Button type="submit" variant="secondary" disabled={isDisabled || isBusy}>
          {t('actions.changeCruiseLevel')}
        </Button>
      </div>
      <div aria-live="polite">{message ? <Alert tone={message.tone}>{message.text}</Alert> : null}</div>
    </form>
  );
};
