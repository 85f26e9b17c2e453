/** A field's hint, tied to it with aria-describedby through `id`. */
export const FieldHint = ({ id, children }: { id: string; children: React.ReactNode }) => (
  <p id={id} className="text-xs text-slate-300">
    {children}
  </p>
);

/** A field's error, announced when it appears; renders nothing without one. */
export const FieldError = ({ id, error }: { id: string; error: string | null | undefined }) =>
  error ? (
    <p id={id} role="alert" className="text-xs text-red-300">
      {error}
    </p>
  ) : null;
