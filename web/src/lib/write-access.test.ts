import { describe, expect, it } from 'vitest';
import { canWrite } from './write-access';

describe('canWrite', () => {
  it('lets admins and staff change things, and neither a viewer nor someone not signed in', () => {
    expect([canWrite('admin'), canWrite('staff'), canWrite('viewer'), canWrite(undefined)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
