import { ErrorCode } from '../errors/error-codes';

/**
 * Who may do what, in one table: the server's `requireAccess` reads it before a
 * service does anything, and the web may read it to show or hide a button. Three scopes:
 * - `self`: the caller acts on their own account (path user id = caller); no role grants it for
 *   somebody else, an administrator included (profiles hold email, birth date, network ids).
 * - `global`: granted by the user's role (`users.role`, PILOT or ADMIN), e.g. adding a mission.
 * - `airline`: granted by the caller's role in that airline (`airline_members.role`, ACTIVE only).
 * See docs/decisions/0016-access-model.md.
 */

export const UserRole = ['PILOT', 'ADMIN'] as const;
export type UserRole = (typeof UserRole)[number];

export const AirlineRole = ['OWNER', 'ADMINISTRATOR', 'MEMBER'] as const;
export type AirlineRole = (typeof AirlineRole)[number];

/** Membership status: only ACTIVE members hold their role's permissions. */
export const AirlineMemberStatus = ['ACTIVE', 'CLOSED', 'SUSPENDED'] as const;
export type AirlineMemberStatus = (typeof AirlineMemberStatus)[number];

/** Airline state. */
export const AirlineState = ['ACTIVE', 'FAILED', 'CLOSED'] as const;
export type AirlineState = (typeof AirlineState)[number];

const selfPermissions = [
  'user.profile.read',
  'user.profile.update',
  'user.password.change',
  'user.flight-times.read',
  'user.subscription.portal',
  'wallet.user.read',
  'flight-log.user.read',
  // A pilot's own flights: read one; resume or cancel one in progress; answer its review.
  'flight.read',
  'flight.fly',
  'flight-review.reply',
  'licence.user.read',
  'aircraft-config.user.read',
  'aircraft-config.user.manage',
  'notification.user.read',
  'notification.user.update',
  'affiliation.user.read',
  // Airline manager: a pilot applies for themself and lists their own airlines.
  'airline.apply',
  'airline.membership.read',
  'store.order.create',
  'inventory.user.read',
  'subscription.user.manage',
] as const;

/** `flight.review`: decide on the flights that are not an airline's (their pilot excepted). */
const globalPermissions = ['mission.create', 'store.item.manage', 'notam.issue', 'admin.role.grant', 'flight.review'] as const;

const airlinePermissions = [
  'airline.read',
  'airline.fly',
  'airline.resign',
  'airline.wallet.read',
  'airline.member.read',
  'airline.member.accept',
  'airline.member.reject',
  'airline.member.remove',
  /** Ground a member (no booking) or reinstate them: the owner and administrators. */
  'airline.member.ground',
  /** Set a member's rank, which sets the salary the airline pays: the owner's alone. */
  'airline.member.update',
  /** Make a member an administrator or back: the owner's alone. */
  'airline.member.role',
  'airline.plane.maintain',
  'airline.update',
  'airline.reset',
  'airline.delete',
  'airline.transaction.pay',
  'airline.traffic-right.renew',
  'airline.hub.manage',
  'airline.route.manage',
  'airline.plane.manage',
  'airline.rank.manage',
  'airline.store.buy',
  'airline.item.read',
  /** Accept or reject the airline's flights held for review (never one's own). */
  'airline.flight.review',
  /** Tune the airline's review thresholds within the site's bounds: the owner's alone. */
  'airline.review-rules.update',
  /** Bring the airline's fleet and schedules over from phpVMS exports: the owner's alone. */
  'airline.import',
  /** Add, test and delete the airline's webhook URLs, whose signing secrets they hold: the owner's alone. */
  'airline.webhook.manage',
] as const;

export type SelfPermission = (typeof selfPermissions)[number];
export type GlobalPermission = (typeof globalPermissions)[number];
export type AirlinePermission = (typeof airlinePermissions)[number];
export type Permission = SelfPermission | GlobalPermission | AirlinePermission;

export type PermissionScope = 'self' | 'global' | 'airline';

export const permissionScope = (permission: Permission): PermissionScope =>
  (selfPermissions as readonly string[]).includes(permission)
    ? 'self'
    : (globalPermissions as readonly string[]).includes(permission)
      ? 'global'
      : 'airline';

/** What each user role adds to the `self` permissions every signed-in user holds on their account. */
export const userRolePermissions: Record<UserRole, readonly GlobalPermission[]> = {
  PILOT: [],
  ADMIN: globalPermissions,
};

const memberPermissions: readonly AirlinePermission[] = ['airline.read', 'airline.fly', 'airline.resign', 'airline.member.read'];
// "Admin or owner: accept or reject applicants, manage members, see the maintenance button".
const administratorPermissions: readonly AirlinePermission[] = [
  ...memberPermissions,
  'airline.wallet.read',
  'airline.member.accept',
  'airline.member.reject',
  'airline.member.remove',
  'airline.member.ground',
  'airline.plane.maintain',
  'airline.item.read',
  'airline.flight.review',
];

/** Each airline role's permissions. The owner "manages everything": all of them. */
export const airlineRolePermissions: Record<AirlineRole, readonly AirlinePermission[]> = {
  OWNER: airlinePermissions,
  ADMINISTRATOR: administratorPermissions,
  MEMBER: memberPermissions,
};

export const userRoleGrants = (role: UserRole, permission: GlobalPermission): boolean => userRolePermissions[role].includes(permission);

export const airlineRoleGrants = (role: AirlineRole, permission: AirlinePermission): boolean =>
  airlineRolePermissions[role].includes(permission);

/**
 * The code for a refused airline action: ERR_0012 when only the owner may, ERR_0009 when
 * an administrator may too, FORBIDDEN otherwise (a member permission refused to a non-member).
 */
export const airlineRefusalCode = (permission: AirlinePermission): ErrorCode => {
  const holders = AirlineRole.filter((role) => airlineRoleGrants(role, permission));
  if (holders.length === 1 && holders[0] === 'OWNER') return ErrorCode.mustBeOwner;
  if (!holders.includes('MEMBER')) return ErrorCode.mustBeAdminOrOwner;
  return ErrorCode.forbidden;
};

export const allPermissions: readonly Permission[] = [...selfPermissions, ...globalPermissions, ...airlinePermissions];
