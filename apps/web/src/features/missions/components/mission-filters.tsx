import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { MissionFilters } from '../api/get-missions';

type Draft = Record<'title' | 'departureIcao' | 'arrivalIcao' | 'minDistance' | 'maxDistance' | 'clRequired', string>;

const toDraft = (filters: MissionFilters): Draft => ({
  title: filters.title ?? '',
  departureIcao: filters.departureIcao ?? '',
  arrivalIcao: filters.arrivalIcao ?? '',
  minDistance: filters.minDistance?.toString() ?? '',
  maxDistance: filters.maxDistance?.toString() ?? '',
  clRequired: filters.clRequired?.toString() ?? '',
});

const ICAO = /^[A-Za-z0-9-]{2,12}$/;
const wholeNumber = (value: string): number | undefined | 'invalid' => {
  if (value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 0 && parsed <= 100_000 ? parsed : 'invalid';
};

/**
 * Every filter of GET /v1/missions: title, departure and arrival ICAO, distance range (NM) and the
 * career level. Checked here as the API checks it (min <= max, ICAO codes, whole numbers).
 */
export const MissionFiltersForm = ({ filters, pilotLevel, onApply }: { filters: MissionFilters; pilotLevel: number; onApply: (filters: MissionFilters) => void }) => {
  const { t } = useTranslation('missions');
  const [draft, setDraft] = useState<Draft>(() => toDraft(filters));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  useEffect(() => setDraft(toDraft(filters)), [filters]);

  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<keyof Draft, string>> = {};
    for (const field of ['departureIcao', 'arrivalIcao'] as const) {
      if (draft[field].trim() !== '' && !ICAO.test(draft[field].trim())) next[field] = t('filters.invalidIcao');
    }
    const numbers = { minDistance: wholeNumber(draft.minDistance), maxDistance: wholeNumber(draft.maxDistance), clRequired: wholeNumber(draft.clRequired) };
    for (const [field, value] of Object.entries(numbers)) if (value === 'invalid') next[field as keyof Draft] = t('filters.invalidNumber');
    if (typeof numbers.minDistance === 'number' && typeof numbers.maxDistance === 'number' && numbers.minDistance > numbers.maxDistance) {
      next.minDistance = t('filters.minAboveMax');
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const number = (value: number | undefined | 'invalid') => (typeof value === 'number' ? value : undefined);
    onApply({
      ...(draft.title.trim() ? { title: draft.title.trim() } : {}),
      ...(draft.departureIcao.trim() ? { departureIcao: draft.departureIcao.trim().toUpperCase() } : {}),
      ...(draft.arrivalIcao.trim() ? { arrivalIcao: draft.arrivalIcao.trim().toUpperCase() } : {}),
      ...(number(numbers.minDistance) !== undefined ? { minDistance: number(numbers.minDistance) } : {}),
      ...(number(numbers.maxDistance) !== undefined ? { maxDistance: number(numbers.maxDistance) } : {}),
      ...(number(numbers.clRequired) !== undefined ? { clRequired: number(numbers.clRequired) } : {}),
    });
  };

  return (
    <form role="search" aria-label={t('filters.label')} onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
        <TextField label={t('filters.title')} value={draft.title} maxLength={100} onChange={set('title')} />
        <TextField label={t('filters.departure')} value={draft.departureIcao} maxLength={12} onChange={set('departureIcao')} error={errors.departureIcao} placeholder="EGLL" />
        <TextField label={t('filters.arrival')} value={draft.arrivalIcao} maxLength={12} onChange={set('arrivalIcao')} error={errors.arrivalIcao} placeholder="LFPG" />
        <TextField label={t('filters.minDistance')} inputMode="numeric" value={draft.minDistance} onChange={set('minDistance')} error={errors.minDistance} />
        <TextField label={t('filters.maxDistance')} inputMode="numeric" value={draft.maxDistance} onChange={set('maxDistance')} error={errors.maxDistance} />
        <TextField
          label={t('filters.clRequired')}
          inputMode="numeric"
          value={draft.clRequired}
          onChange={set('clRequired')}
          error={errors.clRequired}
          hint={t('filters.clHint', { level: pilotLevel })}
        />
      </div>
      {Object.keys(errors).length > 0 ? <Alert tone="error">{t('filters.fix')}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{t('filters.apply')}</Button>
        <Button variant="secondary" onClick={() => onApply({ clRequired: pilotLevel })}>
          {t('filters.mine')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setErrors({});
            onApply({});
          }}
        >
          {t('filters.clear')}
        </Button>
      </div>
    </form>
  );
};
