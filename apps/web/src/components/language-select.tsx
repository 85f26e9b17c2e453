import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from './ui/button';
import { cn } from './ui/cn';
import { changeLanguage, isLanguage, SUPPORTED_LANGUAGES } from '../lib/i18n';

/** Language picker (en, fr, es); the choice is kept on the device and sets <html lang>. */
export const LanguageSelect = ({ className }: { className?: string }) => {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className="text-sm text-slate-100">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
        className={cn('rounded-md border border-slate-500 bg-slate-800 px-2 py-1 text-sm text-slate-50', focusRing)}
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.names.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
};
