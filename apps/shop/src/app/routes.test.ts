import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { documentTitle } from '../layout/api/site';
import { loadsUserBaseOnEntry } from '../layout/api/user-base';
import { expectedFlags, redirectSamples as redirects, routeSamples as spec } from './route-samples';
import type { AppRoute } from './route-types';
import { routeByName, routeTable } from './routes';

/**
 * The route table against spec section 2: every route with its path, title, display flags and
 * redirects. URLs are sample addresses a buyer would type; each must land on the named route.
 */

const routeObjects = [
  ...routeTable.map((route) => ({ path: route.path, id: route.name })),
  { path: '*', id: '*' },
];
function routeFor(url: string): string | undefined {
  const matches = matchRoutes(routeObjects, url);
  return matches?.[matches.length - 1]?.route.id;
}

function redirectTarget(route: AppRoute, url: string): string {
  const target = route.redirect;
  if (typeof target === 'string') return target;
  if (!target) throw new Error(`${route.name} does not redirect`);
  const params = matchRoutes([{ path: route.path }], url)?.[0]?.params ?? {};
  return target(params);
}

describe('route table (spec section 2)', () => {
  it('gives every route a page, a redirect or an external address (no placeholder pages)', () => {
    expect(routeTable.filter((r) => !r.page && !r.redirect && !r.external).map((r) => r.name)).toEqual([]);
  });

  it.each(spec)('%s -> %s titled %s with %s flags', (url, name, title, kind) => {
    expect(routeFor(url)).toBe(name);
    const route = routeByName.get(name)!;
    expect(route.title).toBe(title);
    expect(route.flags).toMatchObject(expectedFlags[kind]);
    expect(route.redirect).toBeUndefined();
    expect(route.page || route.external).toBeTruthy();
  });

  it.each(redirects)('%s (%s) redirects to %s', (url, name, target) => {
    expect(routeFor(url)).toBe(name);
    expect(redirectTarget(routeByName.get(name)!, url)).toBe(target);
  });

  it('redirect chains end on real routes: /register -> /register_index -> /register/step1', () => {
    let url = '/register';
    const seen: string[] = [];
    for (let hops = 0; hops < 5; hops++) {
      const route = routeByName.get(routeFor(url)!)!;
      if (!route.redirect) break;
      seen.push(url);
      url = redirectTarget(route, url);
    }
    expect(seen).toEqual(['/register', '/register_index']);
    expect(url).toBe('/register/step1');
  });

  it('covers every route of the table and nothing else', () => {
    const named = new Set([...spec.map((row) => row[1]), ...redirects.map((row) => row[1])]);
    expect([...routeTable.map((route) => route.name)].sort()).toEqual([...named].sort());
    expect(new Set(routeTable.map((route) => route.name)).size).toBe(routeTable.length);
  });

  it('menu variants follow the zone: preferred, self-operated, clearance, normal', () => {
    expect(routeByName.get('yx')?.flags.menu).toBe('yx');
    expect(routeByName.get('yx_table')?.flags.menu).toBe('yx');
    expect(routeByName.get('zyyp')?.flags.menu).toBe('zy');
    expect(routeByName.get('qxzq')?.flags.menu).toBe('qx');
    expect(routeByName.get('list_index')?.flags.menu).toBe('normal');
  });

  it('only the home route shows the top-right ad and an expanded menu', () => {
    expect(routeTable.filter((route) => route.flags.topAd).map((route) => route.name)).toEqual(['index']);
    expect(routeTable.filter((route) => route.flags.menuExpanded).map((route) => route.name)).toEqual([
      'index',
    ]);
  });

  it('eleven_index leaves for the main site address', () => {
    expect(routeByName.get('eleven_index')?.external).toBe('/');
  });

  it('unknown paths fall through to the catch-all (which sends to /404)', () => {
    expect(routeFor('/no/such/page')).toBe('*');
    expect(routeFor('/list/info')).toBe('*');
  });
});

describe('document title and user loading rules', () => {
  it('title is {route title}-{site title}, site title only when the route has none', () => {
    expect(documentTitle('首页', '药采')).toBe('首页-药采');
    expect(documentTitle('购物车', undefined)).toBe('购物车-药采');
    expect(documentTitle(undefined, '药采商城')).toBe('药采商城');
  });

  it('base user info loads on entry except on the member centre, login and bind-WeChat', () => {
    expect(loadsUserBaseOnEntry('user_hyzx')).toBe(false);
    expect(loadsUserBaseOnEntry('login')).toBe(false);
    expect(loadsUserBaseOnEntry('bdwx')).toBe(false);
    expect(loadsUserBaseOnEntry('index')).toBe(true);
    expect(loadsUserBaseOnEntry('order')).toBe(true);
  });
});
