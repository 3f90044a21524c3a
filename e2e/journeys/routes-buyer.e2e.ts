import { afterAll, beforeAll } from 'vitest';
import { type Harness, startHarness } from '../support/harness';
import { walkRouteTable } from '../support/route-walk';

// The route table walk, one file per actor so the two walks can run on two workers.
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

walkRouteTable(() => h, 'as the logged-in demo buyer', true);
