import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES, PROFILE_PHOTO_MAX_BYTES } from '@contrail/domain/user/user-contract';
import { focusRing } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { FieldError } from '../../../components/ui/field-messages';

/** "Images": JPG, JPEG or PNG, at most the size limit. Returns an error key or null. */
export const checkPhotoFile = (file: File): 'IMAGE_FORMAT' | 'IMAGE_TOO_LARGE' | null => {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type) || !/\.(jpe?g|png)$/i.test(file.name)) return 'IMAGE_FORMAT';
  if (file.size > PROFILE_PHOTO_MAX_BYTES) return 'IMAGE_TOO_LARGE';
  return null;
};

type PhotoInputProps = {
  currentPhotoUrl: string | null;
  onChange: (file: File | null) => void;
};

/** Picks a profile photo, checks it before upload and previews it. */
export const PhotoInput = ({ currentPhotoUrl, onChange }: PhotoInputProps) => {
  const { t } = useTranslation('profile');
  const inputId = useId();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => {
    if (previewUrl !== null) URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const onFile = (file: File | undefined) => {
    setError(null);
    setPreviewUrl(null);
    if (file === undefined) {
      onChange(null);
      return;
    }
    const problem = checkPhotoFile(file);
    if (problem !== null) {
      setError(t(`errors:${problem}`, { maxMb: (PROFILE_PHOTO_MAX_BYTES / 1_048_576).toFixed(0) }));
      onChange(null);
      return;
    }
    // jsdom and old browsers may lack object URLs; the upload still works without a preview.
    if (typeof URL.createObjectURL === 'function') setPreviewUrl(URL.createObjectURL(file));
    onChange(file);
  };

  const shown = previewUrl ?? currentPhotoUrl;
  return (
    <div className="flex items-center gap-4">
      {shown ? (
        <img src={shown} alt={t('photo.preview')} className="h-20 w-20 rounded-full border border-slate-600 object-cover" />
      ) : (
        <div aria-hidden="true" className="flex h-20 w-20 items-center justify-center rounded-full border border-slate-600 bg-slate-800 text-2xl text-slate-300">
          ?
        </div>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-100">
          {t('photo.label')}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          aria-invalid={error !== null}
          aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
          className={cn('text-sm text-slate-100 file:mr-3 file:rounded-md file:border-0 file:bg-slate-700 file:px-3 file:py-1 file:text-slate-50', focusRing)}
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        <p id={`${inputId}-hint`} className="text-xs text-slate-300">
          {t('photo.hint', { maxMb: (PROFILE_PHOTO_MAX_BYTES / 1_048_576).toFixed(0) })}
        </p>
        <FieldError id={`${inputId}-error`} error={error} />
      </div>
    </div>
  );
};
