import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';

/**
 * The subscription gate as a dialog: the airline subscription is required, or,
 * for an owner whose subscription lapsed, it expired (their pilots are grounded until renewed).
 * Its button goes to the airline subscription.
 */
export const SubscriptionGate = ({ variant }: { variant: 'required' | 'expired' }) => {
  const { t } = useTranslation('airlineMgr');
  return (
    <dialog open aria-labelledby="subscription-gate" aria-describedby="subscription-gate-text" className="static flex flex-col gap-2 rounded-md border border-amber-400 bg-slate-900 p-4 text-slate-100">
      <h2 id="subscription-gate" className="text-lg font-semibold text-slate-50">
        {variant === 'expired' ? t('manage.gate.expiredTitle') : t('gate.title')}
      </h2>
      <p id="subscription-gate-text" className="text-sm text-slate-200">
        {variant === 'expired' ? t('manage.gate.expiredText') : t('gate.text')}
      </p>
      <TextLink to="/airline-mgr/subscription" className={buttonClasses('primary', 'self-start')}>
        {variant === 'expired' ? t('manage.gate.renew') : t('gate.subscribe')}
      </TextLink>
    </dialog>
  );
};
