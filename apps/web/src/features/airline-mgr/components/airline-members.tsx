import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/auth';
import { errorMessage } from '../../../lib/handle-error';
import { useApplicants, useDecideApplicant, useMembers, useRemoveMember, useSetMemberRank, useSetMemberRole, type TAirline } from '../api/airline-mgr';
import { useRanks } from '../api/airline-ranks';
import { currentAirline } from '../lib/current-airline';
import { PageNav, selectClasses } from './page-nav';
import { GroundedMark, MemberGrounding, MemberRankDetail } from './member-grounding';

/**
 * Members with their role and rank; the owner moves a member to another rank, the owner and
 * administrators remove a member (after a confirmation; an administrator only by the owner), a
 * member may resign; applicants with accept and reject.
 */
export const AirlineMembers = ({ airline }: { airline: TAirline }) => {
  const { t } = useTranslation('airlineMgr');
  const [pageIndex, setPageIndex] = useState(0);
  const members = useMembers(airline.id, pageIndex);
  const mayDecide = airline.isOwner || airline.isAdmin;
  const applicants = useApplicants(airline.id, mayDecide);
  const decide = useDecideApplicant(airline.id);
  const setRole = useSetMemberRole(airline.id);
  const setRank = useSetMemberRank(airline.id);
  const remove = useRemoveMember(airline.id);
  const ranks = useRanks(airline.id);
  const me = useCurrentUser();
  const navigate = useNavigate();
  // The member whose removal (or the caller's own resignation) waits for OK.
  const [confirmingRemoval, setConfirmingRemoval] = useState<string | null>(null);
  // Administrators remove members; ranks (they set salaries) and administrators are the owner's.
  const mayRemove = (role: string) => airline.isOwner || (airline.isAdmin && role === 'MEMBER');
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="members" className="flex flex-col gap-2">
        <h2 id="members" className="text-lg font-semibold text-slate-50">
          {t('members.title')}
        </h2>
        {members.isPending ? <p role="status">{t('common:loading')}</p> : null}
        {members.isError ? <Alert tone="error">{errorMessage(members.error)}</Alert> : null}
        {members.data ? (
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">{t('members.pilot')}</th>
                <th scope="col">{t('members.role')}</th>
                <th scope="col">{t('members.rank')}</th>
                <th scope="col">{t('members.flights')}</th>
                <th scope="col">{t('members.hours')}</th>
                {airline.isOwner ? <th scope="col">{t('members.roleChange')}</th> : null}
                <th scope="col">{t('members.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {members.data.items.map((member) => (
                <tr key={member.id}>
                  <td>
                    {member.userName}
                    <GroundedMark member={member} />
                  </td>
                  <td>{t(`role.${member.role}`)}</td>
                  <td>
                    {airline.isOwner && member.role !== 'OWNER' && ranks.data ? (
                      <select
                        className={selectClasses}
                        aria-label={t('members.rankOf', { name: member.userName })}
                        value={member.rank?.id ?? ''}
                        disabled={setRank.isPending}
                        onChange={(event) => setRank.mutate({ memberId: member.id, rankId: event.target.value })}
                      >
                        {member.rank ? null : <option value="">—</option>}
                        {ranks.data.items.map((rank) => (
                          <option key={rank.id} value={rank.id}>
                            {rank.name}
                          </option>
                        ))}
                      </select>
                    ) : (
                      (member.rank?.name ?? '—')
                    )}
                    <MemberRankDetail airline={airline} member={member} />
                  </td>
                  <td>{member.numberOfFlight}</td>
                  <td>{member.flightHours.toFixed(1)}</td>
                  {airline.isOwner ? (
                    <td>
                      {member.role === 'OWNER' ? null : (
                        <Button
                          variant="secondary"
                          disabled={setRole.isPending}
                          aria-label={t(member.role === 'ADMINISTRATOR' ? 'members.makeMemberNamed' : 'members.makeAdminNamed', { name: member.userName })}
                          onClick={() => setRole.mutate({ memberId: member.id, role: member.role === 'ADMINISTRATOR' ? 'MEMBER' : 'ADMINISTRATOR' })}
                        >
                          {t(member.role === 'ADMINISTRATOR' ? 'members.makeMember' : 'members.makeAdmin')}
                        </Button>
                      )}
                    </td>
                  ) : null}
                  <td>
                    <MemberGrounding airline={airline} member={member} isMe={member.userId === me?.id} />{' '}
                    {member.role === 'OWNER' ? null : confirmingRemoval === member.id ? (
                      <span role="alertdialog" aria-labelledby={`remove-${member.id}`} className="flex flex-wrap items-center gap-2">
                        <span id={`remove-${member.id}`}>
                          {member.userId === me?.id ? t('members.resignConfirm', { airline: airline.name }) : t('members.removeConfirm', { name: member.userName })}
                        </span>
                        <Button
                          variant="danger"
                          disabled={remove.isPending}
                          onClick={() =>
                            remove.mutate(member.id, {
                              onSuccess: () => {
                                setConfirmingRemoval(null);
                                if (member.userId !== me?.id) return;
                                currentAirline.set(null);
                                void navigate('/airline-mgr');
                              },
                            })
                          }
                        >
                          {t('members.confirmOk')}
                        </Button>
                        <Button variant="secondary" autoFocus onClick={() => setConfirmingRemoval(null)}>
                          {t('members.confirmCancel')}
                        </Button>
                      </span>
                    ) : member.userId === me?.id ? (
                      <Button variant="secondary" onClick={() => setConfirmingRemoval(member.id)}>
                        {t('members.resign')}
                      </Button>
                    ) : mayRemove(member.role) ? (
                      <Button variant="secondary" aria-label={t('members.removeNamed', { name: member.userName })} onClick={() => setConfirmingRemoval(member.id)}>
                        {t('members.remove')}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {members.data ? <PageNav label={t('members.pages')} pageIndex={pageIndex} totalPages={members.data.totalPages} onPage={setPageIndex} /> : null}
      </section>
      {mayDecide ? (
        <section aria-labelledby="applicants" className="flex flex-col gap-2">
          <h2 id="applicants" className="text-lg font-semibold text-slate-50">
            {t('applicants.title')}
          </h2>
          {applicants.isPending ? <p role="status">{t('common:loading')}</p> : null}
          {applicants.data?.items.length === 0 ? <p className="text-sm text-slate-200">{t('applicants.empty')}</p> : null}
          <ul className="flex flex-col gap-2">
            {applicants.data?.items.map((applicant) => (
              <li key={applicant.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-600 p-3 text-sm">
                <span>{t('applicants.item', { name: applicant.userName, flights: applicant.numberOfFlight, hours: applicant.flightHours.toFixed(1) })}</span>
                <span className="flex gap-2">
                  <Button disabled={decide.isPending} aria-label={t('applicants.acceptName', { name: applicant.userName })} onClick={() => decide.mutate({ applicantId: applicant.id, decision: 'accept' })}>
                    {t('applicants.accept')}
                  </Button>
                  <Button variant="secondary" disabled={decide.isPending} aria-label={t('applicants.rejectName', { name: applicant.userName })} onClick={() => decide.mutate({ applicantId: applicant.id, decision: 'reject' })}>
                    {t('applicants.reject')}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
};
