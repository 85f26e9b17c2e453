import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useAffiliation, useAffiliationTransactions } from '../api/get-affiliation';

const day = (iso: string) => iso.slice(0, 10);

/** The invite link (register?affiliate=<code>), the bonus rule, who signed up, and the bonus transactions. */
export const AffiliationOverview = ({ userId, origin = window.location.origin }: { userId: string; origin?: string }) => {
  const { t, i18n } = useTranslation('affiliation');
  const number = new Intl.NumberFormat(i18n.language);
  const affiliation = useAffiliation(userId);
  const transactions = useAffiliationTransactions(userId, 0);
  const [isCopied, setIsCopied] = useState(false);
  if (affiliation.isPending) return <p role="status">{t('common:loading')}</p>;
  if (affiliation.isError) return <Alert tone="error">{t('loadError')}</Alert>;
  const { inviteCode, referrals, sponsorBonusFc, referredBonusFc, earnedFc } = affiliation.data;
  const link = `${origin}/register?affiliate=${encodeURIComponent(inviteCode)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setIsCopied(true);
    } catch {
      setIsCopied(false);
    }
  };
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="invite-heading" className="flex flex-col gap-2">
        <h2 id="invite-heading" className="text-lg font-semibold text-white">{t('invite.title')}</h2>
        <p className="text-sm text-slate-200">{t('invite.rule', { sponsorBonus: number.format(sponsorBonusFc), referredBonus: number.format(referredBonusFc) })}</p>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="invite-link" className="sr-only">{t('invite.linkLabel')}</label>
          <input id="invite-link" readOnly value={link} className="min-w-0 flex-1 rounded-md border border-slate-600 bg-slate-800 px-3 py-2 text-sm text-slate-50" />
          <Button variant="secondary" onClick={() => void copy()}>
            {isCopied ? t('invite.copied') : t('invite.copy')}
          </Button>
        </div>
        <p className="text-sm text-slate-200">{t('invite.code', { code: inviteCode })}</p>
      </section>

      <section aria-labelledby="referrals-heading" className="flex flex-col gap-2">
        <h2 id="referrals-heading" className="text-lg font-semibold text-white">{t('referrals.title')}</h2>
        <p className="text-sm text-slate-200">{t('referrals.earned', { amount: number.format(earnedFc) })}</p>
        {referrals.length === 0 ? (
          <p className="text-sm text-slate-200">{t('referrals.empty')}</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('referrals.caption', { count: referrals.length })}</caption>
            <thead className="text-slate-300">
              <tr>
                <th scope="col" className="pb-2 pr-3 font-medium">{t('referrals.pilot')}</th>
                <th scope="col" className="pb-2 pr-3 font-medium">{t('referrals.signedUp')}</th>
                <th scope="col" className="pb-2 font-medium">{t('referrals.bonus')}</th>
              </tr>
            </thead>
            <tbody>
              {referrals.map((referral) => (
                <tr key={referral.userName} className="border-t border-slate-700">
                  <td className="py-2 pr-3">{referral.userName}</td>
                  <td className="py-2 pr-3">{day(referral.signedUpAt)}</td>
                  <td className="py-2">{referral.bonusPaidAt ? t('referrals.paid', { date: day(referral.bonusPaidAt) }) : t('referrals.waiting')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="bonus-heading" className="flex flex-col gap-2">
        <h2 id="bonus-heading" className="text-lg font-semibold text-white">{t('transactions.title')}</h2>
        {transactions.isPending ? <p role="status">{t('common:loading')}</p> : null}
        {transactions.isError ? <Alert tone="error">{t('loadError')}</Alert> : null}
        {transactions.data && transactions.data.items.length === 0 ? <p className="text-sm text-slate-200">{t('transactions.empty')}</p> : null}
        {transactions.data && transactions.data.items.length > 0 ? (
          <ul className="flex flex-col divide-y divide-slate-700">
            {transactions.data.items.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span>
                  {item.transactionCategory.category === 'MF_AFFILIATION_USER'
                    ? t('transactions.asSponsor', { userName: item.transactionCategory.referralUsername, date: day(item.executionDate) })
                    : item.transactionCategory.category === 'MF_AFFILIATION_REFERRAL'
                      ? t('transactions.asReferred', { userName: item.transactionCategory.username, date: day(item.executionDate) })
                      : item.description}
                </span>
                <span className="font-semibold text-emerald-200">{t('transactions.amount', { amount: number.format(item.amount) })}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
};
