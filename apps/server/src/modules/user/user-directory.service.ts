/**
 * What other modules read of users, through the user module (it owns the `users` table). Each
 * function takes the executor to read with: the caller's transaction when the read belongs to it.
 */
export {
  findUserName as userNameOf,
  findUserNames as userNamesOf,
  findUserEmail as userEmailOf,
  findPilotCards as pilotCardsOf,
  findPilotProfile as pilotProfileOf,
  findSimbriefId as simbriefIdOf,
  findAfrvKey as afrvKeyOf,
  findMfId as inviteCodeOf,
  findUserRole as userRoleOf,
  findAdminUserIds as adminUserIds,
  setRoleByUserName,
  findPilotWithSponsor as pilotWithSponsorOf,
  findReferredUsers as referredUsersOf,
  findMailContacts as mailContactsOf,
  findRestPeriodsEnded as restPeriodsEnded,
  findPublicPilotNames as publicPilotNamesOf,
  type PilotCard,
} from './user.repository';
