import { describe, expect, it } from 'vitest';
import { staffRoles } from './enums';
import { staffMayCall } from './admin-roles';

// The back-office shows a role only the calls its row allows; the professional-client queue has
// its own row (admin, reviewer and auditor list; admin and reviewer decide).

describe('staffMayCall', () => {
  it('answers the professional-client calls by their own row', () => {
    const mayList = staffRoles.filter((role) => staffMayCall(role, 'professionalList'));
    const mayReview = staffRoles.filter((role) => staffMayCall(role, 'professionalReview'));
    expect(mayList.sort()).toEqual(['admin', 'auditor', 'reviewer']);
    expect(mayReview.sort()).toEqual(['admin', 'reviewer']);
  });

  it("lets exactly the roles that may open the user page read the user's records", () => {
    for (const role of staffRoles) {
      expect(staffMayCall(role, 'userRecords')).toBe(staffMayCall(role, 'userDetail'));
    }
    expect(staffMayCall('product', 'userRecords')).toBe(false);
  });

  it('still answers the other calls by theirs', () => {
    expect(staffMayCall('auditor', 'reconciliation')).toBe(true);
    expect(staffMayCall('auditor', 'identityReview')).toBe(false);
    expect(staffMayCall('support', 'supportConversations')).toBe(true);
    expect(staffMayCall('reviewer', 'supportConversations')).toBe(false);
  });
});
