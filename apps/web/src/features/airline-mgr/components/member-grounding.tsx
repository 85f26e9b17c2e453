import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useSetMemberStatus } from '../api/airline-manage';
import type { TAirline, TMember } from '../api/airline-mgr';

/**
 * Ground or reinstate a member (spec section 6): the owner for anyone but themself, an
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
