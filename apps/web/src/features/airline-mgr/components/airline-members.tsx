import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/handle-error';
import { useApplicants, useDecideApplicant, useMembers, useSetMemberRole, type TAirline } from '../api/airline-mgr';
import { PageNav } from './page-nav';

/** Members with their role and rank; applicants with accept and reject for the owner and administrators. */
export const AirlineMembers = ({ airline }: { airline: TAirline }) => {
  const { t } = useTranslation('airlineMgr');
  const [pageIndex, setPageIndex] = useState(0);
  const members = useMembers(airline.id, pageIndex);
  const mayDecide = airline.isOwner || airline.isAdmin;
  const applicants = useApplicants(airline.id, mayDecide);
  const decide = useDecideApplicant(airline.id);
  const setRole = useSetMemberRole(airline.id);
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="members" className="flex flex-col gap-2">
        <h2 id="members" className="text-lg font-semibold text-slate-50">
          {t('members.title')}
        </h2>
        {members.isPending ? <p role="status">{t('common:loading')}</p> : null}
        {members.isError ? <Alert tone="error">{errorMessage(members.error)}</Alert> : null}
        {setRole.isError ? <Alert tone="error">{errorMessage(setRole.error)}</Alert> : null}
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
              </tr>
            </thead>
            <tbody>
              {members.data.items.map((member) => (
                <tr key={member.id}>
                  <td>{member.userName}</td>
                  <td>{t(`role.${member.role}`)}</td>
                  <td>{member.rank?.name ?? '—'}</td>
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
          {decide.isError ? <Alert tone="error">{errorMessage(decide.error)}</Alert> : null}
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
