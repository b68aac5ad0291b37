import yauzl from 'yauzl';

/** An .xlsx may unpack to at most this much XML (20,000 rows need a few MB). */
export const IMPORT_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;

/**
 * The total size of a zip's entries once unpacked, counted as they inflate and given up as soon
 * as it passes `cap` (a zip bomb is never inflated past the cap). Declared sizes are checked first,
 * and yauzl refuses an entry that inflates to more than it declared.
 * Resolves true when the zip stays within the cap.
 */
export function zipFitsWithin(buf: Buffer, cap: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      let total = 0;
      const done = (fits: boolean) => {
        zip.close();
        resolve(fits);
      };
      zip.on('error', reject);
      zip.on('end', () => done(true));
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        if (total > cap) return done(false);
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr ?? new Error('unreadable entry'));
          let inflated = 0;
          stream.on('data', (chunk: Buffer) => {
            inflated += chunk.length;
            if (total - entry.uncompressedSize + inflated > cap) {
              stream.destroy();
              done(false);
            }
          });
          stream.on('error', reject);
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  });
}
