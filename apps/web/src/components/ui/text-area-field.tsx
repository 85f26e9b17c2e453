import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { focusRing } from './button';
import { FieldError, FieldHint } from './field-messages';

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  /** Already translated. */
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
};

/** A labelled multi-line input; like TextField, its error and hint are tied to it with aria-describedby. */
export const TextAreaField = ({ label, error, hint, id, className, required, ...textareaProps }: TextAreaFieldProps) => {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-100">
        {label}
        {required ? <span aria-hidden="true" className="text-red-300"> *</span> : null}
      </label>
      <textarea
        id={fieldId}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={cn('rounded-md border bg-slate-800 px-3 py-2 text-sm text-slate-50', error ? 'border-red-400' : 'border-slate-500', focusRing)}
        {...textareaProps}
      />
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
};
