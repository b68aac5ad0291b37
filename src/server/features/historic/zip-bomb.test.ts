import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constants, deflateRawSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { multipartFile, sheetFile } from '../../test/historic-files';

/**
 * A 1 MB .xlsx whose sheet XML inflates to 1 GB: deflate blocks of 1 MB of spaces, each ended with a
 * full flush (byte-aligned and independent), repeated, then one empty final block.
 */
function zipBomb(): Buffer {
  const block = deflateRawSync(Buffer.alloc(1 << 20, 0x20), { finishFlush: constants.Z_FULL_FLUSH });
  const copies = Math.floor((1 << 20) / block.length);
  const data = Buffer.concat([...Array(copies).fill(block), deflateRawSync(Buffer.alloc(0))]);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const size = copies * (1 << 20);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const centralStart = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralStart, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await createTestApp();
  cookie = (await signUpAdmin(app)).cookie;
});
afterAll(() => app.close());

const upload = (filename: string, content: Buffer) => {
  const form = multipartFile(filename, content);
  return app.inject({
    method: 'POST',
    url: '/api/admin/historic/import/preview',
    headers: { ...form.headers, cookie },
    payload: form.payload,
  });
};

describe('spreadsheet import off the request thread', () => {
  it('refuses a 1 MB zip bomb by its unpacked size (not the time limit), while /health keeps answering', async () => {
    const bomb = zipBomb();
    expect(bomb.length).toBeGreaterThan(900_000);
    expect(bomb.length).toBeLessThan(1_200_000);
    let importDone = false;
    let healthDuringImport = 0;
    const importing = upload('bomb.xlsx', bomb).then((res) => {
      importDone = true;
      return res;
    });
    // /health answers while the import is still being parsed: the request thread is free.
    while (!importDone) {
      const health = await app.inject('/health');
      if (!importDone && health.statusCode === 200) healthDuringImport += 1;
      await new Promise((r) => setTimeout(r, 25));
    }
    const res = await importing;
    expect(res.statusCode).toBe(400);
    // The size cap, not the 10 s time limit, stopped it: the time limit answers with another message.
    expect(res.json().message).toBe('The file is too large once unpacked');
    expect(healthDuringImport).toBeGreaterThan(0);
  });

  it('still reads an ordinary spreadsheet through the worker', async () => {
    const res = await upload(
      'list.xlsx',
      sheetFile(
        [
          ['year', 'firstName', 'lastName', 'email'],
          ['2018', 'Nobody', 'Known', 'n@example.test'],
        ],
        'xlsx',
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toMatchObject([
      { line: 2, outcome: 'unmatched', reason: 'no 2018 rally record for Nobody Known; can be added as a contact (not asked)' },
    ]);
  });
});
