import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { focusRing } from './button';
import { cn } from './cn';
import { FieldError } from './field-messages';

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

export const CheckboxField = ({ label, error, id, className, ...inputProps }: CheckboxFieldProps) => {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-center gap-2">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn('h-4 w-4 accent-sky-500', focusRing)}
          {...inputProps}
        />
        <label htmlFor={inputId} className="text-sm text-slate-100">
          {label}
        </label>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
};
