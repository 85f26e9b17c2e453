/** Joins class names, skipping empty ones. */
export const cn = (...classes: (string | false | null | undefined)[]): string => classes.filter(Boolean).join(' ');
