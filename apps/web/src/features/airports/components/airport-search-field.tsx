import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { isSearchableAirportQuery, normaliseAirportQuery, useSearchAirports } from '../api/search-airports';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { countryName, parseAirportLabel, type AirportOption } from './airport-label';
import { FieldError, FieldHint } from '../../../components/ui/field-messages';

/** The search waits for 300 ms without typing. */
export const AIRPORT_SEARCH_DEBOUNCE_MS = 300;

export type AirportSearchFieldProps = {
  /** Visible label, already translated. */
  label: string;
  value: AirportOption | null;
  onChange: (value: AirportOption | null) => void;
  onBlur?: () => void;
  name?: string;
  id?: string;
  /** Orders the matches by distance from this airport. */
  fromIdent?: string | undefined;
  /** "hub" keeps large and medium airports only. */
  context?: string | undefined;
  /** Already translated. */
  error?: string | undefined;
  hint?: string | undefined;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  ref?: Ref<HTMLInputElement>;
};

const sameAirport = (a: AirportOption | null, b: AirportOption | null): boolean => (a?.ident ?? null) === (b?.ident ?? null);

/**
 * The airport picker used everywhere (flight configuration, career home hub, airline hubs): a
 * WAI-ARIA combobox with a list of matches. The search starts above 2 characters, 300 ms after
 * the last key; ArrowUp/ArrowDown move through the matches, Enter picks one, Escape closes the
 * list, Tab leaves. Controlled: `value` is the picked airport or null (typing clears it). Fits
 * react-hook-form's Controller (`{...field}` gives value, onChange, onBlur, name and ref).
 */
export const AirportSearchField = ({
  label,
  value,
  onChange,
  onBlur,
  name,
  id,
  fromIdent,
  context,
  error,
  hint,
  placeholder,
  required,
  disabled,
  className,
  ref,
}: AirportSearchFieldProps) => {
  const { t, i18n } = useTranslation('airports');
  const baseId = useId();
  const inputId = id ?? `${baseId}-input`;
  const labelId = `${baseId}-label`;
  const listboxId = `${baseId}-listbox`;
  const statusId = `${baseId}-status`;
  const errorId = `${baseId}-error`;
  const hintId = `${baseId}-hint`;

  const [text, setText] = useState(value?.label ?? '');
  /** True once the user types; a picked airport's label is not a search. */
  const [isEditing, setIsEditing] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  const [activeIdent, setActiveIdent] = useState<string | null>(null);

  // Follow a value set from outside (form reset, default value), not the changes this field emits.
  const emitted = useRef<AirportOption | null>(value);
  useEffect(() => {
    if (sameAirport(value, emitted.current)) return;
    emitted.current = value;
    setText(value?.label ?? '');
    setIsEditing(false);
    setIsOpen(false);
  }, [value]);
  const emit = (next: AirportOption | null) => {
    if (sameAirport(next, emitted.current)) return;
    emitted.current = next;
    onChange(next);
  };

  const typedQuery = isEditing ? normaliseAirportQuery(text) : '';
  const query = useDebouncedValue(typedQuery, AIRPORT_SEARCH_DEBOUNCE_MS);
  const search = useSearchAirports({ query, fromIdent, context });

  const isSearchable = isSearchableAirportQuery(typedQuery);
  const isPopupShown = isOpen && isEditing && typedQuery !== '';
  const items = isPopupShown && isSearchable ? (search.data?.items ?? []) : [];
  const isListShown = items.length > 0;
  const activeIndex = items.findIndex((item) => item.ident === activeIdent);
  const activeOption = activeIndex >= 0 ? items[activeIndex] : undefined;
  const optionId = (ident: string) => `${baseId}-option-${ident}`;

  const isWaiting = typedQuery !== query || search.isFetching;
  let status = '';
  if (isPopupShown) {
    if (!isSearchable) status = t('search.tooShort');
    else if (isWaiting) status = t('search.loading');
    else if (search.isError) status = t('search.error');
    else if (search.data && search.data.items.length === 0) status = t('search.empty');
    else if (search.data) status = t('search.found', { count: search.data.items.length });
  }

  useEffect(() => {
    if (activeIdent === null) return;
    // jsdom has no scrollIntoView.
    document.getElementById(`${baseId}-option-${activeIdent}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIdent, baseId]);

  const pick = (option: AirportOption) => {
    setText(option.label);
    setIsEditing(false);
    setIsOpen(false);
    setActiveIdent(null);
    emit(option);
  };

  const move = (step: 1 | -1) => {
    if (items.length === 0) return;
    const next = activeIndex < 0 ? (step === 1 ? 0 : items.length - 1) : (activeIndex + step + items.length) % items.length;
    setActiveIdent(items[next]?.ident ?? null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!isOpen) {
          setIsOpen(true);
          return;
        }
        move(event.key === 'ArrowDown' ? 1 : -1);
        return;
      case 'Enter':
        if (isListShown && activeOption) {
          event.preventDefault();
          pick(activeOption);
        }
        return;
      case 'Escape':
        if (isPopupShown) {
          event.preventDefault();
          setIsOpen(false);
          setActiveIdent(null);
        }
        return;
      case 'Tab':
        setIsOpen(false);
        setActiveIdent(null);
        return;
      default:
        return;
    }
  };

  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  const isStatusShown = status !== '' && (!isListShown || isWaiting);

  return (
    <div className={cn('relative flex flex-col gap-1', className)}>
      <label id={labelId} htmlFor={inputId} className="text-sm font-medium text-slate-100">
        {label}
        {required ? <span aria-hidden="true" className="text-red-300"> *</span> : null}
      </label>
      <input
        ref={ref}
        id={inputId}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={isListShown}
        aria-controls={listboxId}
        aria-activedescendant={isListShown && activeOption ? optionId(activeOption.ident) : undefined}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        placeholder={placeholder ?? t('search.placeholder')}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setIsEditing(true);
          setIsOpen(true);
          setActiveIdent(null);
          emit(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setIsOpen(false);
          setActiveIdent(null);
          onBlur?.();
        }}
        className={cn(
          'rounded-md border bg-slate-800 px-3 py-2 text-sm text-slate-50 placeholder:text-slate-400',
          error ? 'border-red-400' : 'border-slate-500',
          focusRing,
        )}
      />
      <div
        className={cn(
          'absolute top-full right-0 left-0 z-20 mt-1 overflow-hidden rounded-md border border-slate-600 bg-slate-900 shadow-xl',
          isPopupShown ? 'block' : 'hidden',
        )}
      >
        <ul id={listboxId} role="listbox" aria-labelledby={labelId} hidden={!isListShown} className="max-h-72 overflow-y-auto py-1">
          {items.map((item) => {
            const parts = parseAirportLabel(item);
            const place = [parts.municipality, parts.isoCountry ? countryName(parts.isoCountry, i18n.language) : null].filter(Boolean).join(', ');
            const isActive = item.ident === activeOption?.ident;
            return (
              <li
                key={item.ident}
                id={optionId(item.ident)}
                role="option"
                aria-selected={isActive}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActiveIdent(item.ident)}
                onClick={() => pick(item)}
                className={cn('flex cursor-pointer items-baseline gap-3 px-3 py-2 text-sm', isActive ? 'bg-sky-800 text-white' : 'text-slate-100')}
              >
                <span className="w-16 shrink-0 font-mono font-semibold">{parts.ident}</span>
                <span className="flex min-w-0 flex-col">
                  <span className="truncate">{parts.name}</span>
                  {place ? <span className={cn('truncate text-xs', isActive ? 'text-sky-100' : 'text-slate-300')}>{place}</span> : null}
                </span>
              </li>
            );
          })}
        </ul>
        {isStatusShown ? (
          <p aria-hidden="true" className="px-3 py-2 text-sm text-slate-200">
            {status}
          </p>
        ) : null}
      </div>
      {/* Always in the page so screen readers announce each change (loading, no match, n found). */}
      <p id={statusId} role="status" className="sr-only">
        {status}
      </p>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
};
