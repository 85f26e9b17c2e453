import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaneCategory, type TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import { focusRing } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';

const matches = (aircraft: TAircraftInformation, filter: string): boolean =>
  filter === '' || [aircraft.icao, aircraft.name, aircraft.tag].some((text) => text.toLowerCase().includes(filter));

/**
 * Picks an aircraft type: a filter box narrows a native select whose options are grouped by
 * category (native, so every browser and screen reader drives it with the keyboard).
 */
export const AircraftTypePicker = ({
  aircraft,
  value,
  onChange,
}: {
  aircraft: readonly TAircraftInformation[];
  value: string | null;
  onChange: (icao: string) => void;
}) => {
  const { t } = useTranslation('aircraft');
  const filterId = useId();
  const selectId = useId();
  const [filter, setFilter] = useState('');
  const normalised = filter.trim().toLowerCase();
  const shown = aircraft.filter((type) => type.icao === value || matches(type, normalised));
  const matchCount = shown.filter((type) => matches(type, normalised)).length;
  const inputClasses = cn('rounded-md border border-slate-500 bg-slate-800 px-3 py-2 text-sm text-slate-50', focusRing);

  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={filterId} className="text-sm font-medium text-slate-100">
          {t('picker.filter')}
        </label>
        <input
          id={filterId}
          type="search"
          value={filter}
          autoComplete="off"
          placeholder={t('picker.filterPlaceholder')}
          aria-describedby={`${filterId}-count`}
          onChange={(event) => setFilter(event.target.value)}
          className={cn(inputClasses, 'placeholder:text-slate-400')}
        />
        <p id={`${filterId}-count`} aria-live="polite" className="text-xs text-slate-300">
          {t('picker.count', { count: matchCount })}
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-100">
          {t('picker.label')}
        </label>
        <select id={selectId} value={value ?? ''} onChange={(event) => onChange(event.target.value)} className={inputClasses}>
          <option value="" disabled>
            {t('picker.choose')}
          </option>
          {PlaneCategory.map((category) => {
            const types = shown.filter((type) => type.category === category);
            if (types.length === 0) return null;
            return (
              <optgroup key={category} label={t(`categories.${category}`)}>
                {types.map((type) => (
                  <option key={type.icao} value={type.icao}>
                    {type.icao} — {type.name}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </select>
      </div>
    </div>
  );
};
