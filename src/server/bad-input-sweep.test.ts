import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { RouteEntry } from './app';
import { createTestApp, type TestApp } from './test/app';
import { signUp, signUpAdmin } from './test/auth';
import { teamInput } from '../common/factories';
import { issuePasswordToken } from './services/password-tokens';
import { issueInvitation } from './services/team-invitations';
import { issueVerificationToken } from './features/auth/verification';
import { signLink } from './services/signed-link';
import { insertTeam } from './test/factories';
import { multipartFile } from './test/historic-files';
import type { RallySettings } from '../common/schemas/rally-settings';
import { eq } from 'drizzle-orm';
import { rallyPhotos } from './db/schema';
import { dataDigester } from './test/data-digest';

/**
 * Every input of every route, from the app's own route table: a NUL character or a lone UTF-16
 * surrogate in any text field, path parameter or query value, and numbers past their column (1e10,
 * -1), are refused with 400. Each body route has a valid sample that is accepted first, so each
 * refusal is the field's own.
 */
const NUL = 'a\u0000b';
/**
 * Half of a surrogate pair on its own: JSON can carry it ("\ud800"), PostgreSQL cannot store it
 * (jsonb refuses it, text turns it into U+FFFD). A URL cannot carry one: its nearest form there is
 * the percent-encoded bytes of one, which do not decode to text.
 */
const LONE_SURROGATES = ['\ud800', '\udfff'];
const LONE_SURROGATE_IN_URL = '%ED%A0%80';
const HUGE = 10_000_000_000;

let app: TestApp;
let digest: () => Promise<string>;
let user: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;
let resetUserId: string;
let seasonYear = 0;
const ids = { signupId: 0, followedTeamId: 0, donationId: 0, contactId: 0, photoId: 0, testimonialId: 0, draftId: 0 };
let address = 0;
const nextAddress = () => `10.200.${(++address >> 8) & 255}.${address & 255}`;

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const isApiRoute = (r: RouteEntry) => r.url.startsWith('/api/') || r.url.startsWith('/unsubscribe/') || r.url.startsWith('/follow/');

/** A composer's message, for the preview, test send and drafts. */
const composed = {
  subject: 'News for {{firstName}}',
  htmlContent: '<p>Hello {{teamName}}</p>',
  recipientType: 'mailing_list',
  onlyOptedIn: true,
};

/** A valid body for every route whose schema reads one; a new body route without a sample fails. */
/** The body of a team-invitation call: the token of a new co-driver invitation. */
async function invitationSample() {
  const team = await insertTeam(app.db, { coDriverEmail: `invited-${randomUUID()}@example.test` });
  return { token: await issueInvitation(app.db, team, 'co-driver') };
}

/** A clue id no clue has. */
const NO_CLUE = 2_147_483_647;
/** A valid clue of the season's first rally day. */
const clueSample = () => ({
  day: 1,
  title: 'The walled city',
  body: 'Which abbey stands on a tidal island?',
  releaseAt: '2026-09-09T09:00:00Z',
  place: { name: 'St Malo', coordinates: [-2.026, 48.649] },
  radiusMetres: 200,
  points: 50,
  answerKind: 'text',
  acceptedAnswers: ['Mont-Saint-Michel'],
  hints: [{ text: 'Think of tides', cost: 10 }],
});

const samples: Record<string, () => Promise<object> | object> = {
  'PUT /api/my-tracking': () => ({ sharing: true }),
  'POST /api/my-rally-app/positions': () => ({
    lat: 49.18,
    lng: -2.1,
    accuracy: 12,
    recordedAt: new Date().toISOString(),
    clientId: randomUUID(),
  }),
  'POST /api/auth/register': () => ({
    email: `sweep-${randomUUID()}@example.test`,
    password: 'correct horse battery',
    firstName: 'Ann',
    lastName: 'Le Cornu',
  }),
  'POST /api/auth/login': () => ({ email: user.email, password: user.password }),
  'POST /api/auth/forgot-password': () => ({ email: user.email }),
  'POST /api/auth/verify-email': async () => ({
    token: await issueVerificationToken(app.db, (await signUp(app, { verified: false })).user.id),
    newPassword: 'a brand new password',
  }),
  'POST /api/auth/reset-password': async () => ({
    token: await issuePasswordToken(app.db, resetUserId),
    newPassword: 'a brand new password',
  }),
  'POST /api/admin/past-rallies': () => ({
    year: 2007,
    destination: 'Deauville',
    title: 'The Rehearsal',
    description: 'A trial run before the first rally.',
    distance: '400 km',
    duration: '6h',
    routeId: '',
    imageUrl: '/images/rallies/2008/main.webp',
    plateImageUrl: '/images/rallies/2008/plate.webp',
  }),
  'PUT /api/admin/past-rallies/:year': () => ({
    destination: 'Monaco',
    title: 'Return to Monaco',
    description: 'The tenth rally went back to Monaco.',
    distance: '1,421 km',
    duration: '22.1h',
    routeId: 'y2018',
    imageUrl: '/images/rallies/2018/main.webp',
    plateImageUrl: '/images/rallies/2018/plate.webp',
  }),
  // A year the initial rows lack, so the sample is accepted; the sweep's path year is 2018.
  'POST /api/admin/winners': () => ({ year: 2014, destination: 'Bordeaux, France', winners: 'Ann & Tom', teamName: 'Claret' }),
  // A team of its own: the sweep's team withdraws on the way.
  'PUT /api/admin/results/:year': async () => ({
    results: [{ signupId: (await insertTeam(app.db, { status: 'confirmed' })).id, rank: 1, carNumber: 7, score: 950 }],
  }),
  'PUT /api/admin/winners/:year': () => ({ destination: 'Monaco', winners: 'Paul Gallichan & Steve Le Sueur', teamName: 'Monaco or Bust' }),
  'POST /api/admin/past-rallies/images': () => ({ uploadURL: `/api/uploads/${randomUUID()}` }),
  'POST /api/admin/past-rallies/:year/photos': () => ({ uploadURL: `/api/uploads/${randomUUID()}`, caption: 'At the finish' }),
  'PATCH /api/admin/past-rallies/:year/photos/:id': () => ({ caption: 'At the finish' }),
  'PUT /api/admin/past-rallies/:year/photo-order': async () => ({
    ids: (await app.db.select({ id: rallyPhotos.id }).from(rallyPhotos).where(eq(rallyPhotos.rallyYear, 2018))).map((p) => p.id),
  }),
  'POST /api/admin/home-page/testimonials': () => ({ quote: 'The best road trip of my life.', author: 'Ann L.', rallyLabel: 'Monaco' }),
  'PUT /api/admin/home-page/testimonials/:id': () => ({ quote: 'The best road trip of my life.', author: 'Ann L.', rallyLabel: 'Monaco' }),
  'PUT /api/admin/home-page/testimonial-order': async () => ({
    ids: ((await app.inject({ url: '/api/home-page/testimonials' })).json() as { id: number }[]).map((t) => t.id),
  }),
  'PUT /api/admin/home-page/stats': () => ({
    historicFundsPence: 15_000_000,
    historicFundsThroughYear: 2018,
    overrides: { rallies: '', ralliers: '234', kilometres: '12,218', funds: '' },
  }),
  'PUT /api/admin/route-maps/:year': () => ({
    stops: [
      { name: 'Jersey', coordinates: [-2.107, 49.186] },
      { name: 'St Malo', coordinates: [-2.026, 48.649] },
    ],
  }),
  'POST /api/admin/clues': () => clueSample(),
  'PUT /api/admin/clues/:id': () => clueSample(),
  'POST /api/admin/clues/photos/:id/reject': () => ({ reason: 'The sign is not in the photo' }),
  'POST /api/admin/clues/penalties': async () => ({
    signupId: (await insertTeam(app.db, { status: 'confirmed' })).id,
    points: 10,
    reason: 'Parked on the yellow lines',
    day: 1,
  }),
  // The sweep's clock is before the rally: the fill is refused (409) after its input was read.
  'POST /api/admin/results/:year/hunt': () => ({ replace: false }),
  // No clue has this id: the sample is refused (404) after its input was read.
  'POST /api/my-rally-app/answers': () => ({
    clientId: randomUUID(),
    clueId: NO_CLUE,
    text: 'Mont Saint Michel',
    position: { lat: 48.636, lng: -1.511, accuracy: 12 },
    answeredAt: '2026-06-01T11:00:00Z',
  }),
  'POST /api/my-rally-app/hints': () => ({ clientId: randomUUID(), clueId: NO_CLUE, hintId: randomUUID() }),
  'POST /api/my-rally-app/check-ins': () => ({
    clientId: randomUUID(),
    clueId: NO_CLUE,
    position: { lat: 48.636, lng: -1.511, accuracy: 12 },
  }),
  // The control room: the sweep's team has no place by then, so the team's samples end in a 404.
  'POST /api/my-rally-app/sos': () => ({ clientId: randomUUID(), position: { lat: 48.636, lng: -1.511, accuracy: 12 }, note: 'Flat tyre' }),
  'POST /api/my-rally-app/all-ok': () => ({ clientId: randomUUID() }),
  'POST /api/my-rally-app/push-subscription': () => ({
    endpoint: 'https://push.example.test/send/abc',
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
  }),
  'DELETE /api/my-rally-app/push-subscription': () => ({ endpoint: 'https://push.example.test/send/abc' }),
  'POST /api/admin/control-room/sos/:id/resolve': () => ({ note: 'Recovered' }),
  'POST /api/my-rally-app/updates': () => ({ clientId: randomUUID(), body: 'Crossed into Brittany' }),
  'POST /api/admin/team-updates/:id/hide': () => ({ reason: 'A number plate shows' }),
  'POST /api/admin/control-room/messages': () => ({ body: 'Fuel stop at Rennes' }),
  // A year that is not the next season: refused, so the sweep never starts a new season.
  'POST /api/admin/settings/season': () => ({ year: 2001 }),
  'POST /api/admin/justgiving/pages/:id/confirm': () => ({ pageShortName: 'sweep-page' }),
  'PUT /api/admin/settings': async () => {
    const { year: _year, ...settings } = (await app.inject({ url: '/api/settings' })).json() as RallySettings;
    return settings;
  },
  'POST /api/email-updates': () => ({ name: 'Ann Le Cornu', email: `news-${randomUUID()}@example.test` }),
  'POST /api/fundraising/teams/:id/followers': () => ({ email: `fan-${randomUUID()}@example.test`, name: 'Ann Fan' }),
  'POST /api/followers/confirm': () => ({ token: 'not-a-signed-link' }),
  'POST /api/followers/:token/preferences': () => ({ dailyDigest: true }),
  'POST /api/admin/followers/teams/:id/pause': () => ({ paused: true }),
  'POST /api/signup': () =>
    teamInput({
      carMake: 'Volvo',
      carYear: 1989,
      previousRally: true,
      previousRallyYears: [2018],
      justGivingUrl: 'https://example.org/team',
    }),
  'PATCH /api/my-dashboard/team': () => ({
    teamName: 'Sweepers',
    carModel: '240',
    carYear: 1989,
    previousRallyYears: [2018],
    sponsors: [{ name: 'Garage', url: 'https://example.org' }],
  }),
  'POST /api/my-dashboard/donations': () => ({
    amount: 1000,
    paymentMethod: 'cash',
    donorName: 'Gran',
    message: 'Go on',
    currency: 'GBP',
    idempotencyKey: randomUUID(),
  }),
  'PATCH /api/my-dashboard/donations/:id': () => ({ amount: 1200, donorName: 'Grandad', message: 'Well done' }),
  'PUT /api/uploads/car-images': () => ({ signupId: ids.signupId, carImageURL: `/api/uploads/${randomUUID()}` }),
  'POST /api/admin/registrations/donations': () => ({
    signupId: ids.signupId,
    amount: 2500,
    paymentMethod: 'cheque',
    donorName: 'Parish',
    message: 'From the hall',
    idempotencyKey: randomUUID(),
  }),
  'PATCH /api/admin/registrations/:id': () => ({
    rallyYear: 2026,
    teamName: 'Renamed',
    carYear: 1990,
    previousRallyYears: [2019],
    sponsors: [{ name: 'Bank', url: 'https://example.org/b' }],
  }),
  'POST /api/admin/credentials/send': () => ({ testEmail: 'organiser-test@example.test' }),
  'POST /api/admin/bulk-mail/send': () => ({ subject: 'News', htmlContent: '<p>Hello</p>', recipientType: 'registered_users' }),
  'POST /api/admin/bulk-mail/teams': () => ({ signupIds: [ids.signupId], subject: 'Scrutineering', message: 'Bring the V5.' }),
  'POST /api/admin/bulk-mail/preview': () => ({ ...composed, audience: { source: 'historic', year: 2018 } }),
  'POST /api/admin/bulk-mail/test': () => ({ ...composed, audience: { consent: 'opted_in', year: 2018 } }),
  'POST /api/admin/bulk-mail/drafts': () => ({ ...composed, audience: { source: 'historic', consent: 'opted_in', year: 2018 } }),
  'PUT /api/admin/bulk-mail/drafts/:id': () => ({ ...composed, subject: 'Second thoughts', audience: { year: 2018 } }),
  'PATCH /api/admin/donations/:id': () => ({ amount: 1500, donorName: 'Parish hall', message: 'Corrected', currency: 'GBP' }),
  'POST /api/admin/registrations/status-batch': () => ({ ids: [1], status: 'confirmed', reason: 'Checked at scrutineering' }),
  'PATCH /api/admin/registrations/:id/status': () => ({ status: 'confirmed', reason: 'Deposit received by bank transfer' }),
  'PUT /api/admin/registrations/:id/waiting-list-hold': () => ({ held: false }),
  'POST /api/my-dashboard/team/withdraw': () => ({ reason: 'The car failed its MOT' }),
  'POST /api/my-deposits/payment': () => ({}),
  'PUT /api/admin/deposits/:id': () => ({ amountPence: 50000, method: 'cheque', paidOn: '2026-02-14' }),
  'POST /api/my-dashboard/team/co-driver': () => ({
    firstName: 'Sam',
    lastName: 'Le Gallais',
    email: `co-driver-${randomUUID()}@example.test`,
  }),
  // A fresh invitation link each time: a link answers once.
  'POST /api/dashboard/invitations/view': () => invitationSample(),
  'POST /api/dashboard/invitations/accept': () => invitationSample(),
  'POST /api/dashboard/invitations/decline': () => invitationSample(),
  'PATCH /api/my-dashboard/team/fundraising': () => ({
    fundraisingTarget: 150_000,
    story: 'Two cousins, one Volvo.',
    newDonationEmails: true,
  }),
  // A wrong password: the sample is refused (403) rather than deleting the account the sweep uses.
  'DELETE /api/my-privacy/account': () => ({ password: 'not the password at all' }),
  'POST /api/admin/privacy/erase': async () => ({
    email: (await insertTeam(app.db, { driverEmail: `erase-${randomUUID()}@example.test` })).driverEmail,
  }),
  'POST /api/admin/contacts': () => ({
    email: `contact-${randomUUID()}@example.test`,
    firstName: 'Cath',
    lastName: 'Le Brun',
    consent: 'not_asked',
  }),
  'PATCH /api/admin/contacts/:id': () => ({ firstName: 'Cathy', lastName: 'Le Brun', consent: 'opted_in' }),
  'POST /api/consent': () => ({ token: signLink(app.signingKey, 'consent', user.email) }),
  'POST /api/admin/contacts/consent-request': () => ({ includeAskedBefore: true }),
  // A fresh previewed plan each time: a plan applies once.
  'POST /api/admin/historic/import/apply': async () => {
    const file = multipartFile('sample.csv', Buffer.from('year,firstName,lastName,email\n2018,No,One,no.one@example.test\n'));
    const preview = await app.inject({
      method: 'POST',
      url: '/api/admin/historic/import/preview',
      payload: file.payload,
      headers: { ...file.headers, cookie: admin.cookie },
    });
    return { planId: preview.json().planId, confirmLines: [2], applyAllChanges: false };
  },
};
/**
 * The public team page's id is a 404 'Team not found' for anything that names no team (the donate
 * page shows that message); a NUL is still a 400 there.
 */
const notFoundIds = new Set(['GET /api/fundraising/teams/:id']);
/** Samples whose valid form is still refused for a reason outside this test (no such upload). */
const acceptedStatus: Record<string, number> = {
  // No follow was asked for with the sample link: it confirms nothing.
  'POST /api/followers/confirm': 400,
  // The sweep's path token names no follow.
  'POST /api/followers/:token/preferences': 404,
  'PUT /api/uploads/car-images': 400,
  // The sweep's team has withdrawn by then: position sharing is for the season's teams on the road.
  'PUT /api/my-tracking': 404,
  'POST /api/my-rally-app/positions': 404,
  // The sweep's path id names no clue, nor a photo answer, and the team samples name no clue.
  'PUT /api/admin/clues/:id': 404,
  'POST /api/admin/clues/photos/:id/reject': 404,
  'POST /api/my-rally-app/answers': 404,
  'POST /api/my-rally-app/hints': 404,
  'POST /api/my-rally-app/check-ins': 404,
  'POST /api/my-rally-app/sos': 404,
  'POST /api/my-rally-app/all-ok': 404,
  'POST /api/my-rally-app/push-subscription': 404,
  'DELETE /api/my-rally-app/push-subscription': 404,
  'POST /api/admin/control-room/sos/:id/resolve': 404,
  'POST /api/my-rally-app/updates': 404,
  'POST /api/admin/team-updates/:id/hide': 404,
  'POST /api/admin/results/:year/hunt': 409,
  'POST /api/admin/past-rallies/:year/photos': 400,
  'POST /api/admin/past-rallies/images': 400,
  'POST /api/admin/settings/season': 409,
  // No JustGiving page has been read in this app, so there is none to confirm.
  'POST /api/admin/justgiving/pages/:id/confirm': 404,
  'DELETE /api/my-privacy/account': 403,
  // The sample team is not on the waiting list, so there is no hold to clear.
  'PUT /api/admin/registrations/:id/waiting-list-hold': 409,
  // This app has no GoCardless settings, so the route says online payment is not set up.
  'POST /api/my-deposits/payment': 409,
};

/** The ways to break a text field: a NUL or either half of a surrogate pair, alone, inside it. */
const BAD_TEXTS = ['\u0000', ...LONE_SURROGATES];

/**
 * One way to break each field: each string gets one of the bad texts, the next string of the body
 * the next one, so every route meets all three and every field one (every text field passes the
 * one rule, `storableText` in src/common/schemas/primitives.ts, whose own tests try each kind on
 * it); each number goes past its column either way. Three bad texts in every field tripled this
 * file's requests without reaching a line of code the rotation does not.
 */
function mutations(value: unknown, path: string[] = [], strings = { seen: 0 }): { path: string[]; value: unknown }[] {
  if (typeof value === 'string') {
    const bad = BAD_TEXTS[strings.seen++ % BAD_TEXTS.length];
    return [{ path, value: `${value.slice(0, 1)}${bad}${value.slice(1)}` }];
  }
  // Longitudes and latitudes are signed (-1 is a place in France): only too far a number is wrong.
  if (typeof value === 'number' && (path.includes('coordinates') || ['lat', 'lng'].includes(path.at(-1) ?? '')))
    return [{ path, value: HUGE }];
  if (typeof value === 'number')
    return [
      { path, value: HUGE },
      { path, value: -1 },
    ];
  if (Array.isArray(value)) return value.flatMap((v, i) => mutations(v, [...path, String(i)], strings));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => mutations(v, [...path, k], strings));
  return [];
}

function withValue(body: object, path: string[], value: unknown): object {
  const copy = structuredClone(body) as Record<string, unknown>;
  let at: Record<string, unknown> = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>;
  const last = path.at(-1);
  if (last === undefined) throw new Error('a mutation needs a path into the body');
  at[last] = value;
  return copy;
}

/** Admin routes as the organiser, the rest as the team's owner; sign-in routes anonymously (a login would replace the session). */
function cookieFor(route: RouteEntry): string | undefined {
  if (route.url.startsWith('/api/auth/')) return undefined;
  return route.url.startsWith('/api/admin/') ? admin.cookie : user.cookie;
}

/** The route's URL with sample path parameters, or with `override` in each (already percent-encoded when `encoded`). */
function fillPath(route: RouteEntry, override?: string, encoded = false): string {
  return route.url.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    if (override !== undefined) return encoded ? override : encodeURIComponent(override);
    // The results screens are of the current season, whose teams the sweep registers.
    if (name === 'year') return route.url.includes('/results/') ? String(seasonYear) : '2018';
    if (name === 'id' && route.url.includes('/contacts/')) return String(ids.contactId);
    if (name === 'id' && route.url.includes('/email-drafts/')) return String(ids.draftId);
    if (name === 'id' && route.url.includes('/photos/')) return String(ids.photoId);
    if (name === 'id' && route.url.includes('/testimonials/')) return String(ids.testimonialId);
    // A team of its own: the sweep's team withdraws on the way, and a withdrawn team has no one to follow it.
    if (name === 'id' && route.url === '/api/fundraising/teams/:id/followers') return String(ids.followedTeamId);
    if (name === 'id') return String(route.url.includes('donations/') ? ids.donationId : ids.signupId);
    return 'sample';
  });
}

const send = (route: RouteEntry, url: string, payload?: object) =>
  app.inject({
    method: route.method as 'POST',
    url,
    remoteAddress: nextAddress(),
    headers: cookieFor(route) ? { cookie: cookieFor(route) } : {},
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  app = await createTestApp({ jobs: true }); // the credentials and bulk e-mail routes queue jobs
  digest = await dataDigester(app.db);
  user = await signUp(app);
  admin = await signUpAdmin(app);
  resetUserId = (await signUp(app)).user.id;
  await app.inject({
    method: 'POST',
    url: '/api/signups',
    headers: { cookie: user.cookie },
    payload: teamInput({ driverEmail: user.email }),
  });
  ids.signupId = (await app.inject({ url: '/api/my-signup', headers: { cookie: user.cookie } })).json().id;
  ids.followedTeamId = (await insertTeam(app.db, { status: 'confirmed' })).id;
  seasonYear = ((await app.inject({ url: '/api/settings' })).json() as RallySettings).year;
  ids.photoId = (await app.db.select({ id: rallyPhotos.id }).from(rallyPhotos).where(eq(rallyPhotos.rallyYear, 2018)).limit(1))[0]!.id;
  ids.testimonialId = ((await app.inject({ url: '/api/home-page/testimonials' })).json() as { id: number }[])[0]!.id;
  ids.donationId = (
    await app.inject({
      method: 'POST',
      url: '/api/my-donations',
      headers: { cookie: user.cookie },
      payload: { amount: 1000, paymentMethod: 'cash' },
    })
  ).json().id;
  ids.contactId = (
    await app.inject({
      method: 'POST',
      url: '/api/admin/contacts',
      headers: { cookie: admin.cookie },
      payload: { email: 'kept@example.test', firstName: 'Kept' },
    })
  ).json().id;
  ids.draftId = (
    await app.inject({
      method: 'POST',
      url: '/api/admin/bulk-mail/drafts',
      headers: { cookie: admin.cookie },
      payload: { subject: 'Kept draft' },
    })
  ).json().id;
}, 60_000);
afterAll(() => app.close());

const routes = () => app.routeTable.filter(isApiRoute);

describe('bad input on every route', () => {
  it('has a valid sample body for every route that reads one', () => {
    expect(
      routes()
        .filter((r) => r.inputs.includes('body') && !samples[key(r)])
        .map(key),
    ).toEqual([]);
  });

  it('a NUL character, 1e10 or -1 in any path parameter is a 400', async () => {
    const withParams = routes().filter((r) => r.url.includes(':'));
    expect(withParams.length).toBeGreaterThan(5);
    for (const route of withParams) {
      const numeric = /:(id|year)\b/.test(route.url) && !notFoundIds.has(key(route));
      const sample = samples[key(route)];
      const body = sample ? await sample() : undefined;
      for (const bad of numeric ? [NUL, String(HUGE), '1e10', '-1'] : [NUL]) {
        const res = await send(route, fillPath(route, bad), body);
        expect([key(route), bad, res.statusCode]).toEqual([key(route), bad, 400]);
      }
    }
  });

  it('the bytes of a lone surrogate in any path parameter are a 400 and change nothing', async () => {
    const wrong: string[] = [];
    for (const route of routes().filter((r) => r.url.includes(':'))) {
      const sample = samples[key(route)];
      const body = sample ? await sample() : undefined;
      await app.background.idle(); // work an earlier request left running is not this one's change
      const before = await digest();
      const res = await send(route, fillPath(route, LONE_SURROGATE_IN_URL, true), body);
      await app.background.idle();
      const changed = (await digest()) !== before;
      if (res.statusCode !== 400 || changed) wrong.push(`${key(route)} -> ${res.statusCode}${changed ? ', data changed' : ''}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a NUL character or an out-of-range number in any query value is a 400', async () => {
    const audit = await app.inject({ url: '/api/admin/audit?page=1', headers: { cookie: admin.cookie } });
    expect(audit.statusCode).toBe(200);
    for (const page of [NUL, String(HUGE), '-1']) {
      const res = await app.inject({ url: '/api/admin/audit', query: { page }, headers: { cookie: admin.cookie } });
      expect([page, res.statusCode]).toEqual([page, 400]);
    }
    const upload = routes().find((r) => r.url === '/api/uploads/:objectId')!;
    const res = await send(upload, `/api/uploads/${randomUUID()}?expires=1&signature=${encodeURIComponent(NUL)}`);
    expect(res.statusCode).toBe(400);
  });

  it('the bytes of a lone surrogate in a query value are a 400', async () => {
    const audit = await app.inject({ url: `/api/admin/audit?page=${LONE_SURROGATE_IN_URL}`, headers: { cookie: admin.cookie } });
    expect(audit.statusCode).toBe(400);
  });

  it('a NUL character or a lone surrogate in any text field, or a number past its column, is a 400 and changes nothing', async () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const route of routes()) {
      const sample = samples[key(route)];
      if (!sample) continue;
      const fill = fillPath(route);
      const accepted = await send(route, fill, await sample());
      expect([key(route), accepted.body, accepted.statusCode < 400 || accepted.statusCode === acceptedStatus[key(route)]]).toEqual([
        key(route),
        accepted.body,
        true,
      ]);
      // One fingerprint around all of a route's refusals, not one around each: the fingerprint
      // reads every table, and taken twice per refused body it was half of this file's time.
      // Samples may write (a team for an invitation, a token), so every body is made first.
      const refused = [];
      for (const m of mutations(await sample())) refused.push({ m, body: withValue(await sample(), m.path, m.value) });
      await app.background.idle(); // work the accepted sample left running is not the refusals' change
      const before = await digest();
      for (const { m, body } of refused) {
        const res = await send(route, fill, body);
        if (res.statusCode !== 400) wrong.push(`${key(route)} ${m.path.join('.')}=${JSON.stringify(m.value)} -> ${res.statusCode}`);
        checked += 1;
      }
      await app.background.idle();
      if ((await digest()) !== before) wrong.push(`${key(route)}: a refused body changed data`);
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  }, 240_000);

  it('a NUL character in an uploaded file name is a 400 and records nothing', async () => {
    const boundary = 'sweepboundary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="rallies\u0000.csv"',
      'Content-Type: text/csv',
      '',
      'year,firstName,lastName,email',
      '2018,Ann,Le Cornu,ann@example.test',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/historic/import/preview',
      headers: { cookie: admin.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(400);
  });
});
