import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeJustGiving, type FakeJustGiving } from '../../test/fake-justgiving';
import { readJustGivingPage } from './client';

let jg: FakeJustGiving;
beforeAll(async () => {
  jg = await startFakeJustGiving();
});
afterAll(() => jg.close());

const read = (shortName: string, timeoutMs?: number) => readJustGivingPage({ apiUrl: jg.url, appId: jg.appId, shortName, timeoutMs });

describe('readJustGivingPage', () => {
  it('reads decimal strings to pence, and totals online and offline when the grand total is missing', async () => {
    jg.setPage('strings', { totalRaisedOnline: '0.10', totalRaisedOffline: '0.20', totalEstimatedGiftAid: '', fundraisingTarget: '2000' });
    expect(await read('strings')).toEqual({
      kind: 'ok',
      totals: { online: 10, offline: 20, giftAid: 0, total: 30, target: 200000 },
      identity: { title: 'Fundraising page strings', owner: 'Page Owner' },
    });
  });

  it("reads the page's title and owner, which organisers check before its total counts", async () => {
    jg.setPage('named', { title: '  Oui Drive to Cannes ', owner: 'Jo Bloggs', grandTotalRaisedExcludingGiftAid: '5.00' });
    expect(await read('named')).toMatchObject({ kind: 'ok', identity: { title: 'Oui Drive to Cannes', owner: 'Jo Bloggs' } });
    jg.setPage('unnamed', { title: '', owner: ' ', grandTotalRaisedExcludingGiftAid: '5.00' });
    expect(await read('unnamed')).toMatchObject({ kind: 'ok', identity: { title: null, owner: null } });
  });

  it('refuses a page in another currency and an answer without readable totals', async () => {
    jg.setPage('euros', { currencyCode: 'EUR', grandTotalRaisedExcludingGiftAid: '10.00' });
    expect(await read('euros')).toEqual({ kind: 'failed', message: 'The page collects in EUR; only pounds are counted' });
    jg.setPage('garbled', { grandTotalRaisedExcludingGiftAid: 'lots' });
    expect(await read('garbled')).toMatchObject({ kind: 'failed', message: "JustGiving's answer did not have the expected totals" });
  });

  it('reports a wrong app id and a page that does not answer', async () => {
    expect(await readJustGivingPage({ apiUrl: jg.url, appId: 'other-app', shortName: 'x' })).toEqual({
      kind: 'failed',
      message: 'JustGiving answered with an error (401)',
    });
    jg.failPage('stuck', 'hang');
    expect(await read('stuck', 50)).toEqual({ kind: 'failed', message: 'JustGiving did not answer in time' });
  });
});
