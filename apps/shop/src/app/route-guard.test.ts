import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FlowStateName } from '../lib/flow-state';
import { guardRedirect } from './route-guard';
import { guardedSamples, routeSamples } from './route-samples';
import { routeTable } from './routes';

const objects = routeTable.map((route) => ({ path: route.path, route }));

/** Where the guard sends a fresh tab (no flow state) of a visitor or the buyer opening `url`. */
function guard(url: string, loggedIn: boolean, kept: FlowStateName[] = []) {
  const [path, query] = url.split('?');
  const match = matchRoutes(objects, path)?.at(-1);
  if (!match) throw new Error(`no route for ${url}`);
  return guardRedirect(match.route.route, {
    loggedIn,
    path: url,
    params: match.params,
    search: new URLSearchParams(query),
    has: (name) => kept.includes(name),
  });
}

const isLoginRoute = (url: string) =>
  matchRoutes(objects, url.split('?')[0])?.at(-1)?.route.route.flags.requiresLogin === true;

describe('the route guard: pages that open only in their place', () => {
  it.each(routeSamples.map(([url]) => url))('%s opens, or sends where the samples say', (url) => {
    const [, visitor, buyer] = guardedSamples.find(([sample]) => sample === url) ?? [];
    // A visitor meets a member or checkout page's login first, not its flow.
    expect(guard(url, false)).toBe(
      isLoginRoute(url) ? `/login?redirect=${encodeURIComponent(url)}` : (visitor ?? null),
    );
    expect(guard(url, true)).toBe(buyer ?? null);
  });

  it('lists only sample addresses of the route table', () => {
    const urls = new Set(routeSamples.map(([url]) => url));
    expect(guardedSamples.map(([url]) => url).filter((url) => !urls.has(url))).toEqual([]);
  });

  it('opens a later step once the earlier one kept its state', () => {
    expect(guard('/register/step2', false, ['registerDraft'])).toBeNull();
    expect(guard('/register/step3', false, ['registerDraft'])).toBeNull();
    // Another flow's state does not open it.
    expect(guard('/register/step3', false, ['storeDraft'])).toBe('/register/step1');
    expect(guard('/register/dd/step2', true, ['storeDraft'])).toBeNull();
    expect(guard('/register/dd/step3', true, ['storeDraft'])).toBe('/register/dd/step1');
    expect(guard('/register/dd/step3', true, ['storeAdded'])).toBeNull();
    expect(guard('/forget/step2', false, ['resetToken'])).toBeNull();
    expect(guard('/forget/step3', false, ['resetToken'])).toBe('/forget/step1');
    expect(guard('/forget/step3', false, ['passwordReset'])).toBeNull();
    // The registration is for visitors, whatever a tab kept.
    expect(guard('/register/step2', true, ['registerDraft'])).toBe('/user');
  });

  it('opens the checkout steps only with the lines or the order they are about', () => {
    expect(guard('/cart/step2?ids=12,13', true)).toBeNull();
    expect(guard('/cart/step2?ids=', true)).toBe('/cart');
    expect(guard('/cart/step2?ids=0', true)).toBe('/cart');
    expect(guard('/cart/hm?id=12', true)).toBeNull();
    expect(guard('/cart/hm?id=abc', true)).toBe('/order');
    expect(guard('/cart/step3/12', true)).toBeNull();
    expect(guard('/cart/step3/0', true)).toBe('/order');
    expect(guard('/cart/step3/x1', true)).toBe('/order');
    expect(guard('/cart/step4?id=12', true)).toBeNull();
    expect(guard('/cart/step4?id=-3', true)).toBe('/order');
  });

  it("sends to a flow's start, which itself opens without any state", () => {
    for (const route of routeTable) {
      if (!route.flow?.requires) continue;
      const start = matchRoutes(objects, route.flow.start)?.at(-1)?.route.route;
      expect(start?.flow?.requires, route.name).toBeUndefined();
      expect(start?.redirect, route.name).toBeUndefined();
    }
  });
});
