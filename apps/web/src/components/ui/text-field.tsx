import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { cn } from './cn';
import { focusRing } from './button';
import { FieldError, FieldHint } from './field-messages';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** Already translated. */
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input; its error is announced and tied to it with aria-describedby. */
export const TextField = ({ label, error, hint, id, className, required, ...inputProps }: TextFieldProps) => {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-100">
        {label}
        {required ? <span aria-hidden="true" className="text-red-300"> *</span> : null}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : inputProps['aria-invalid']}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={cn(
          'rounded-md border bg-slate-800 px-3 py-2 text-sm text-slate-50 placeholder:text-slate-400',
          error || inputProps['aria-invalid'] === true ? 'border-red-400' : 'border-slate-500',
          focusRing,
        )}
        {...inputProps}
      />
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
};
