import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The money fields of a page as JustGiving sends them: decimal strings in pounds. */
export type FakePage = {
  fundraisingTarget?: string;
  totalRaisedOnline?: string;
  totalRaisedOffline?: string;
  totalEstimatedGiftAid?: string;
  grandTotalRaisedExcludingGiftAid?: string;
  currencyCode?: string;
  /** The page's headline and its owner's name, as the page shows them. */
  title?: string;
  owner?: string;
};

/** How a page answers instead of its details: JustGiving's own failures, or no answer at all. */
type Trouble = { status: number } | 'hang';

/**
 * The part of JustGiving's API the sync uses, on 127.0.0.1 at a random port:
 * `GET /{appId}/v1/fundraising/pages/{pageShortName}`, answered in the shape of JustGiving's
 * "Get fundraising page details" (money as strings, many fields the sync ignores). A test sets
 * pages with `setPage`, removes them with `removePage` (404, as JustGiving answers for an unknown
 * page), makes one fail with `failPage` and acts while the sync waits with `beforeAnswering`.
 */
export async function startFakeJustGiving(
  appId = 'fake-app-id',
  opts: {
    port?: number;
    /** Pages the test did not set, for a fake in its own process. */
    otherPages?: (shortName: string) => FakePage | undefined;
  } = {},
) {
  const pages = new Map<string, FakePage>();
  const trouble = new Map<string, Trouble>();
  const beforeAnswer = new Map<string, () => Promise<unknown>>();
  const requests: { path: string; accept: string | undefined }[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    requests.push({ path, accept: req.headers.accept });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(payload));
    };
    const match = /^\/([^/]+)\/v1\/fundraising\/pages\/([^/]+)$/.exec(path);
    if (req.method !== 'GET' || !match) return send(404, [{ id: 'NotFound', desc: 'No such resource' }]);
    if (decodeURIComponent(match[1]!) !== appId) return send(401, [{ id: 'InvalidAppId', desc: 'The application id is not valid' }]);
    const shortName = decodeURIComponent(match[2]!);
    const answer = () => {
      const problem = trouble.get(shortName);
      if (problem === 'hang') {
        hanging.add(res);
        return;
      }
      if (problem) return send(problem.status, [{ id: 'InternalError', desc: 'Something went wrong' }]);
      const page = pages.get(shortName) ?? opts.otherPages?.(shortName);
      if (!page) return send(404, [{ id: 'FundraisingPageNotFound', desc: 'Fundraising page not found' }]);
      send(200, {
        pageId: 1000 + [...pages.keys()].indexOf(shortName),
        activityType: 'Motoring',
        pageShortName: shortName,
        title: `Fundraising page ${shortName}`,
        owner: 'Page Owner',
        status: 'Active',
        currencySymbol: '£',
        currencyCode: 'GBP',
        fundraisingTarget: '1000.00',
        totalRaisedOnline: '0.00',
        totalRaisedOffline: '0.00',
        totalRaisedSms: '0.00',
        totalEstimatedGiftAid: '0.00',
        totalRaisedPercentageOfFundraisingTarget: '0',
        charity: { id: 2357, name: 'Jersey Hospice Care' },
        ...page,
      });
    };
    const hook = beforeAnswer.get(shortName);
    if (!hook) return answer();
    // Something the test does while the sync waits for this page (it runs once).
    beforeAnswer.delete(shortName);
    void hook().then(answer, () => send(500, [{ id: 'InternalError', desc: 'The test action failed' }]));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    appId,
    requests,
    setPage(shortName: string, page: FakePage) {
      trouble.delete(shortName);
      pages.set(shortName, page);
    },
    removePage(shortName: string) {
      pages.delete(shortName);
    },
    failPage(shortName: string, how: Trouble) {
      trouble.set(shortName, how);
    },
    /** Runs `action` when the page is next asked for, and answers once it is done. */
    beforeAnswering(shortName: string, action: () => Promise<unknown>) {
      beforeAnswer.set(shortName, action);
    },
    close() {
      for (const res of hanging) res.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeJustGiving = Awaited<ReturnType<typeof startFakeJustGiving>>;
