import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from './cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-sky-700 text-white hover:bg-sky-800 disabled:bg-slate-600 disabled:text-slate-200',
  secondary: 'bg-slate-700 text-slate-50 hover:bg-slate-600 disabled:text-slate-300',
  ghost: 'bg-transparent text-slate-100 hover:bg-slate-700/70',
  danger: 'bg-red-700 text-white hover:bg-red-600',
};

/** Focus ring shared by every interactive element. */
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300';

export const buttonClasses = (variant: ButtonVariant = 'primary', extra?: string): string =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed',
    focusRing,
    variants[variant],
    extra,
  );

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; ref?: Ref<HTMLButtonElement> };

export const Button = ({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) => (
  <button type={type} className={buttonClasses(variant, className)} {...props} />
);
