import { describe, expect, it } from 'vitest';
import { PERMISSION_CHOICES, protectFormProblem, protectOptions, type PermissionChoice } from './protection';

const all = new Set<PermissionChoice>(PERMISSION_CHOICES.map(({ id }) => id));

describe('protectOptions', () => {
  it('must send only the open password when everything is allowed and no owner password is set', () => {
    expect(protectOptions({ userPassword: 'open', ownerPassword: '', allowed: all })).toEqual({
      userPassword: 'open',
    });
  });

  it('must turn off the related core permissions of each unticked choice', () => {
    const options = protectOptions({
      userPassword: 'open',
      ownerPassword: 'owner',
      allowed: new Set(['print', 'annotate']),
    });
    expect(options).toEqual({
      userPassword: 'open',
      ownerPassword: 'owner',
      permissions: {
        print: true,
        printHighQuality: true,
        copy: false,
        accessibility: true,
        modify: false,
        assemble: false,
        annotate: true,
        fillForms: true,
      },
    });
  });
});

describe('protectFormProblem', () => {
  it('must ask for a password and a matching confirmation', () => {
    expect(protectFormProblem({ userPassword: '', ownerPassword: '', allowed: all }, '')).toBe(
      'Choose a password to open the PDF.',
    );
    expect(protectFormProblem({ userPassword: 'a', ownerPassword: '', allowed: all }, 'b')).toBe(
      'The passwords do not match.',
    );
    expect(protectFormProblem({ userPassword: 'a', ownerPassword: '', allowed: all }, 'a')).toBeNull();
  });
});
