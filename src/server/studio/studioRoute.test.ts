import type { AstroCookies } from 'astro';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('studio-route');
const { getDb } = await import('../db/client.ts');
const { teamMemberships, teams, users, videos } = await import('../db/schema.ts');
const { TEAM_OWNER_COOKIE, switchTeam } = await import('../teams/teamContext.ts');
const { loadStudioRoute, studioRoute } = await import('./studioRoute.ts');

const db = await getDb();
const [owner, member, uploader, stranger] = await db
  .insert(users)
  .values([
    { email: 'owner@example.test', name: 'Owner' },
    { email: 'viewer@example.test', name: 'Team viewer' },
    { email: 'uploader@example.test', name: 'Team uploader' },
    { email: 'stranger@example.test', name: 'Stranger' },
  ])
  .returning();
const [team] = await db.insert(teams).values({ ownerId: owner!.id, name: 'Crew' }).returning();
await db.insert(teamMemberships).values([
  { teamId: team!.id, userId: member!.id, role: 'Viewer' },
  { teamId: team!.id, userId: uploader!.id, role: 'Uploader' },
]);
const [video] = await db
  .insert(videos)
  .values({ ownerId: owner!.id, uploaderId: owner!.id, name: 'Opening night' })
  .returning();

/** A request for a studio page by `user`, working in `teamOwner`'s account when given. */
function request(
  routePattern: string,
  params: Record<string, string>,
  user: { id: number; name: string } | null,
  teamOwner?: number,
) {
  const rewrites: string[] = [];
  const cookies = {
    get: (name: string) =>
      name === TEAM_OWNER_COOKIE && teamOwner ? { value: String(teamOwner) } : undefined,
  } as unknown as AstroCookies;
  const context = {
    routePattern,
    params,
    cookies,
    locals: { viewer: user && { user }, locale: 'en', path: routePattern } as App.Locals,
    request: new Request('http://vitrine.test/manage'),
    url: new URL('http://vitrine.test/manage'),
    redirect: (location: string) => new Response(null, { status: 302, headers: { location } }),
    rewrite: async (path: string | URL | Request) => {
      rewrites.push(
        typeof path === 'string' ? path : new URL(path instanceof URL ? path : path.url).pathname,
      );
      return new Response(null, { status: 418 });
    },
  };
  return { context, rewrites };
}

describe('loadStudioRoute', () => {
  it('gives a studio page the account worked in, its abilities and the video it names', async () => {
    const { context } = request('/manage/videos/[clipId]', { clipId: String(video!.id) }, owner!);
    expect(await loadStudioRoute(context)).toBeNull();
    const route = studioRoute(context.locals, 'video');
    expect(route.account).toMatchObject({ ownerId: owner!.id, role: 'Owner' });
    expect(route.abilities.manageTeam).toBe(true);
    expect(route.record.name).toBe('Opening night');
  });

  it('works in the team account the member switched to, with their role’s abilities', async () => {
    const { context } = request('/manage/events', {}, member!, owner!.id);
    expect(await loadStudioRoute(context)).toBeNull();
    const route = studioRoute(context.locals, 'none');
    expect(route.account).toMatchObject({ ownerId: owner!.id, role: 'Viewer' });
    expect(route.abilities).toMatchObject({ read: true, manageEvents: false, upload: false });
  });

  it('sends an anonymous viewer to sign in and back', async () => {
    const { context } = request('/manage/showcases', {}, null);
    const answer = await loadStudioRoute(context);
    expect(answer?.status).toBe(302);
    expect(answer?.headers.get('location')).toBe('/log_in?redirect=%2Fmanage%2Fshowcases');
  });

  it('refuses a page beyond the role: a viewer of the team does not manage it', async () => {
    const { context, rewrites } = request('/manage/team', {}, member!, owner!.id);
    await loadStudioRoute(context);
    expect(rewrites).toEqual(['/error/403']);
    expect(context.locals.studio).toBeUndefined();
  });

  it('finds no video of another account in the account worked in', async () => {
    const { context, rewrites } = request(
      '/manage/videos/[clipId]',
      { clipId: String(video!.id) },
      member!,
    );
    await loadStudioRoute(context);
    expect(rewrites).toEqual(['/error/404']);
  });

  it('opens the library to every role, one that may not read it included', async () => {
    const { context } = request('/manage/videos', {}, uploader!, owner!.id);
    expect(await loadStudioRoute(context)).toBeNull();
    expect(studioRoute(context.locals, 'none').abilities).toMatchObject({
      read: false,
      upload: true,
    });
  });

  it('leaves the rest of the site alone', async () => {
    const { context } = request('/showcase/[albumId]', { albumId: '1' }, owner!);
    expect(await loadStudioRoute(context)).toBeNull();
    expect(context.locals.studio).toBeUndefined();
  });
});

describe('switchTeam', () => {
  /** The team-owner cookie after `user` asked to work in the account `ownerId` names. */
  async function switched(user: { id: number }, ownerId: string) {
    const jar = new Map<string, string>();
    const cookies = {
      set: (name: string, value: string) => jar.set(name, value),
      delete: (name: string) => jar.set(name, ''),
    } as unknown as AstroCookies;
    const allowed = await switchTeam(db, user.id, ownerId, cookies, true);
    return { allowed, cookie: jar.get(TEAM_OWNER_COOKIE) };
  }

  it('works in a team the user is a member of, and back in their own account', async () => {
    expect(await switched(member!, String(owner!.id))).toEqual({
      allowed: true,
      cookie: String(owner!.id),
    });
    expect(await switched(member!, String(member!.id))).toEqual({ allowed: true, cookie: '' });
  });

  it('changes nothing for a team the user is no member of, or an owner that is no number', async () => {
    expect(await switched(stranger!, String(owner!.id))).toEqual({
      allowed: false,
      cookie: undefined,
    });
    expect(await switched(member!, '1 or 1=1')).toEqual({ allowed: false, cookie: undefined });
  });
});
