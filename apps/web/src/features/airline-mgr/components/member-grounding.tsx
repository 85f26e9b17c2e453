import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/handle-error';
import { useMemberRank, useSetMemberStatus } from '../api/airline-manage';
import type { TAirline, TMember } from '../api/airline-mgr';

/**
 * Ground or reinstate a member: the owner for anyone but themself, an
 * administrator for plain members. A grounded member cannot book the airline's planes and is told.
 */
export const MemberGrounding = ({ airline, member, isMe }: { airline: TAirline; member: TMember; isMe: boolean }) => {
  const { t } = useTranslation('airlineMgr');
  const setStatus = useSetMemberStatus(airline.id);
  const may = !isMe && member.role !== 'OWNER' && (airline.isOwner || (airline.isAdmin && member.role === 'MEMBER'));
  if (!may) return null;
  const grounded = member.status === 'SUSPENDED';
  return (
    <Button
      variant="secondary"
      disabled={setStatus.isPending}
      aria-label={t(grounded ? 'manage.grounding.reinstateNamed' : 'manage.grounding.groundNamed', { name: member.userName })}
      onClick={() => setStatus.mutate({ memberId: member.id, status: grounded ? 'ACTIVE' : 'SUSPENDED' })}
    >
      {t(grounded ? 'manage.grounding.reinstate' : 'manage.grounding.ground')}
    </Button>
  );
};

/** The member's name, marked when grounded. */
export const GroundedMark = ({ member }: { member: TMember }) => {
  const { t } = useTranslation('airlineMgr');
  return member.status === 'SUSPENDED' ? <span className="ml-2 rounded bg-amber-900 px-1 text-xs text-amber-100">{t('manage.grounding.grounded')}</span> : null;
};

/** What a member's rank lets them fly (GET /airline/{id}/rank/member/{memberId}), asked for when opened. */
export const MemberRankDetail = ({ airline, member }: { airline: TAirline; member: TMember }) => {
  const { t } = useTranslation('airlineMgr');
  const [open, setOpen] = useState(false);
  const rank = useMemberRank(airline.id, open ? member.id : null);
  const list = (icaos: readonly string[]) => (icaos.length > 0 ? icaos.join(', ') : t('manage.rank.any'));
  return (
    <details className="text-xs text-slate-300" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer">{t('manage.rank.whatNamed', { name: member.userName })}</summary>
      {rank.isPending && open ? <p role="status">{t('common:loading')}</p> : null}
      {rank.isError ? <p role="alert">{errorMessage(rank.error)}</p> : null}
      {rank.data === null ? <p>{t('manage.rank.none')}</p> : null}
      {rank.data ? (
        <p>
          {t('manage.rank.detail', { rank: rank.data.name, bonus: rank.data.fcBonus, allowed: list(rank.data.planeWhiteList), forbidden: rank.data.planeBlackList.length > 0 ? rank.data.planeBlackList.join(', ') : t('manage.rank.nothing') })}
        </p>
      ) : null}
    </details>
  );
};
