import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { focusRing } from './button';
import { FieldError, FieldHint } from './field-messages';

/** `HH:MM` on a 24-hour clock, 00:00 to 23:59. */
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MINUTES_PER_DAY = 24 * 60;
/** What the arrow keys add or take away, in minutes. */
const ARROW_STEP_MINUTES = 5;

export const isUtcTime = (value: string): boolean => TIME.test(value);

/**
 * A time as the pilot typed it, written `HH:MM` when it can be read as one: "930", "0930", "9:30"
 * and "9.30" all give "09:30". Anything else is returned as typed, for the form to refuse.
 */
export const normaliseUtcTime = (typed: string): string => {
  const trimmed = typed.trim();
  const match = /^(\d{1,2})[:.h]?(\d{2})$/.exec(trimmed);
  if (!match) return trimmed;
  const candidate = `${match[1]!.padStart(2, '0')}:${match[2]}`;
  return isUtcTime(candidate) ? candidate : trimmed;
};

const stepTime = (time: string, minutes: number): string => {
  const match = TIME.exec(time);
  const current = match ? Number(match[1]) * 60 + Number(match[2]) : 0;
  const next = (((current + minutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(next / 60)).padStart(2, '0')}:${String(next % 60).padStart(2, '0')}`;
};

const inputClasses = (isInvalid: boolean) =>
  cn('rounded-md border bg-slate-800 px-3 py-2 text-sm text-slate-50 placeholder:text-slate-400', isInvalid ? 'border-red-400' : 'border-slate-500', focusRing);

type UtcDateTimeFieldProps = {
  /** The question the two inputs answer ("Departure time (UTC)"). */
  label: string;
  /** `yyyy-MM-ddTHH:mm`, read as UTC; while the pilot types, the time part may be incomplete. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Already translated. */
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
};

/**
 * A UTC date and a 24-hour `HH:MM` time. A native time input follows the browser's locale (a
 * 12-hour clock with AM/PM in en-US), while flight times are 24-hour UTC everywhere (spec), so the
 * time is a text field: typed digits are tidied on leaving it, and the up and down arrows move it by
 * five minutes.
 */
export const UtcDateTimeField = ({ label, value, onChange, onBlur, error, hint, required }: UtcDateTimeFieldProps) => {
  const { t } = useTranslation('common');
  const id = useId();
  const [date = '', time = ''] = value.split('T');
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  const isDateInvalid = Boolean(error) && !DATE.test(date);
  const isTimeInvalid = Boolean(error) && !isUtcTime(time);
  // An error that is about neither part alone (a required field left empty) marks both.
  const isBothInvalid = Boolean(error) && !isDateInvalid && !isTimeInvalid;
  const setTime = (next: string) => onChange(`${date}T${next}`);

  const onTimeKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    setTime(stepTime(normaliseUtcTime(time), event.key === 'ArrowUp' ? ARROW_STEP_MINUTES : -ARROW_STEP_MINUTES));
  };

  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-medium text-slate-100">
        {label}
        {required ? <span aria-hidden="true" className="text-red-300"> *</span> : null}
      </legend>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-xs text-slate-300">
          {t('utcDateTime.date')}
          <input
            type="date"
            value={date}
            required={required}
            aria-invalid={isDateInvalid || isBothInvalid || undefined}
            aria-describedby={describedBy}
            className={inputClasses(isDateInvalid || isBothInvalid)}
            onChange={(event) => onChange(`${event.target.value}T${time}`)}
            onBlur={onBlur}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-slate-300">
          {t('utcDateTime.time')}
          <span className="flex items-center gap-2">
            <input
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              size={5}
              placeholder={t('utcDateTime.placeholder')}
              value={time}
              required={required}
              aria-invalid={isTimeInvalid || isBothInvalid || undefined}
              aria-describedby={describedBy}
              className={cn(inputClasses(isTimeInvalid || isBothInvalid), 'w-24 tabular-nums')}
              onChange={(event) => setTime(event.target.value)}
              onKeyDown={onTimeKeyDown}
              onBlur={() => {
                const tidy = normaliseUtcTime(time);
                if (tidy !== time) setTime(tidy);
                onBlur?.();
              }}
            />
            <span className="text-sm font-medium text-slate-100">{t('utcDateTime.utc')}</span>
          </span>
        </label>
      </div>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
};
