import { Link, type LinkProps } from 'react-router';
import { focusRing } from './button';
import { cn } from './cn';

export const linkClasses = cn('text-sky-300 underline underline-offset-2 hover:text-sky-200 rounded-sm', focusRing);

export const TextLink = ({ className, ...props }: LinkProps) => <Link className={cn(linkClasses, className)} {...props} />;
