import { describe, expect, it } from 'vitest';
import {
  airlineRefusalCode,
  airlineRoleGrants,
  allPermissions,
  permissionScope,
  userRoleGrants,
  type AirlinePermission,
} from './permissions';

describe('role -> permission map', () => {
  it('gives administrators the global permissions and pilots none', () => {
    expect(userRoleGrants('ADMIN', 'mission.create')).toBe(true);
    expect(userRoleGrants('ADMIN', 'store.item.manage')).toBe(true);
    expect(userRoleGrants('PILOT', 'mission.create')).toBe(false);
    expect(userRoleGrants('PILOT', 'notam.issue')).toBe(false);
  });

  it('gives each airline role its permissions', () => {
    // Admin or owner: accept or reject applicants, manage members, the maintenance button.
    for (const permission of ['airline.member.accept', 'airline.member.reject', 'airline.member.remove', 'airline.plane.maintain'] as const) {
      expect(airlineRoleGrants('OWNER', permission)).toBe(true);
      expect(airlineRoleGrants('ADMINISTRATOR', permission)).toBe(true);
      expect(airlineRoleGrants('MEMBER', permission)).toBe(false);
    }
    // Owner only: reset, delete, pay failed transactions, renew traffic rights.
    for (const permission of ['airline.reset', 'airline.delete', 'airline.transaction.pay', 'airline.traffic-right.renew', 'airline.update'] as const) {
      expect(airlineRoleGrants('OWNER', permission)).toBe(true);
      expect(airlineRoleGrants('ADMINISTRATOR', permission)).toBe(false);
      expect(airlineRoleGrants('MEMBER', permission)).toBe(false);
    }
    // Member: resign, fly.
    expect(airlineRoleGrants('MEMBER', 'airline.resign')).toBe(true);
    expect(airlineRoleGrants('MEMBER', 'airline.fly')).toBe(true);
  });

  it('owner holds every airline permission, and each role holds what the role below holds', () => {
    const airline = allPermissions.filter((p) => permissionScope(p) === 'airline') as AirlinePermission[];
    expect(airline.length).toBeGreaterThan(10);
    for (const permission of airline) {
      expect(airlineRoleGrants('OWNER', permission)).toBe(true);
      if (airlineRoleGrants('MEMBER', permission)) expect(airlineRoleGrants('ADMINISTRATOR', permission)).toBe(true);
    }
  });

  it("names the refusal code: ERR_0012 owner only, ERR_0009 admin or owner", () => {
    expect(airlineRefusalCode('airline.delete')).toBe('ERR_0012');
    expect(airlineRefusalCode('airline.member.accept')).toBe('ERR_0009');
    expect(airlineRefusalCode('airline.read')).toBe('FORBIDDEN');
  });

  it('puts each permission in exactly one scope', () => {
    expect(permissionScope('user.profile.read')).toBe('self');
    expect(permissionScope('mission.create')).toBe('global');
    expect(permissionScope('airline.update')).toBe('airline');
    expect(new Set(allPermissions).size).toBe(allPermissions.length);
  });
});
