import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { TReviewThresholdsView } from '@contrail/domain/flight-review/review-contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/handle-error';
import { useReviewThresholds, useSaveReviewThresholds } from '../api/flight-review';

type ThresholdName = keyof TReviewThresholdsView['bounds'];
type Drafts = Partial<Record<ThresholdName, string>>;

/** The thresholds a number sets, in the order the bounds list them. */
const numericThresholds = (view: TReviewThresholdsView): ThresholdName[] =>
  (Object.keys(view.bounds) as ThresholdName[]).filter((name) => typeof view.thresholds[name] === 'number');

const draftsOf = (view: TReviewThresholdsView, source: 'thresholds' | 'defaults'): Drafts =>
  Object.fromEntries(numericThresholds(view).map((name) => [name, String(view[source][name])]));

/** The form once loaded: one number a threshold, its bounds and the site default beside it. */
const ThresholdsForm = ({ airlineId, view, canEdit }: { airlineId: string; view: TReviewThresholdsView; canEdit: boolean }) => {
  const { t, i18n } = useTranslation('flightReview');
  const number = new Intl.NumberFormat(i18n.language);
  const save = useSaveReviewThresholds(airlineId);
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(view, 'thresholds'));
  const [problems, setProblems] = useState<Drafts>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const names = numericThresholds(view);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Drafts = {};
    const changes: Record<string, number> = {};
    for (const name of names) {
      const { min, max } = view.bounds[name];
      const value = Number(drafts[name]);
      if (drafts[name]?.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
        found[name] = t('thresholds.outOfRange', { min: number.format(min), max: number.format(max) });
      } else if (value !== view.thresholds[name]) {
        changes[name] = value;
      }
    }
    setProblems(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await save.mutateAsync(changes);
      setDrafts(draftsOf(saved, 'thresholds'));
      toast.success(t('thresholds.saved'));
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };

  return (
    <form aria-labelledby="review-thresholds" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <h2 id="review-thresholds" className="text-lg font-semibold text-slate-50">
        {t('thresholds.title')}
      </h2>
      <p className="text-sm text-slate-200">{t('thresholds.intro')}</p>
      {canEdit ? null : <p className="text-sm text-slate-200">{t('thresholds.readOnly')}</p>}
      <fieldset disabled={!canEdit || save.isPending} className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {names.map((name) => (
          <TextField
            key={name}
            label={t(`thresholds.fields.${name}`)}
            type="number"
            inputMode="decimal"
            min={view.bounds[name].min}
            max={view.bounds[name].max}
            step="any"
            value={drafts[name] ?? ''}
            error={problems[name]}
            hint={t('thresholds.range', {
              min: number.format(view.bounds[name].min),
              max: number.format(view.bounds[name].max),
              default: number.format(view.defaults[name]),
            })}
            onChange={(event) => setDrafts((current) => ({ ...current, [name]: event.target.value }))}
          />
        ))}
      </fieldset>
      {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('thresholds.saving') : t('thresholds.save')}
          </Button>
          <Button variant="secondary" disabled={save.isPending} onClick={() => setDrafts(draftsOf(view, 'defaults'))}>
            {t('thresholds.reset')}
          </Button>
        </div>
      ) : null}
    </form>
  );
};

/**
 * The airline's review rules: the limits past which its flights are held for review or refused.
 * The owner tunes them within the site's bounds; administrators read them.
 */
export const ReviewThresholdsPanel = ({ airlineId, canEdit }: { airlineId: string; canEdit: boolean }) => {
  const { t } = useTranslation('flightReview');
  const thresholds = useReviewThresholds(airlineId);
  if (thresholds.isPending) return <p role="status">{t('common:loading')}</p>;
  if (thresholds.isError) return <Alert tone="error">{`${t('thresholds.loadError')} ${errorMessage(thresholds.error)}`}</Alert>;
  return <ThresholdsForm airlineId={airlineId} view={thresholds.data} canEdit={canEdit} />;
};
