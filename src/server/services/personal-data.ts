import type { Db } from '../db/client';

/**
 * Whose data a download is about, as features/privacy works it out: the teams the person is on
 * (driver, or co-driver who accepted), and the address proven to be theirs (lower case), if any.
 */
export type DataSubject = { teamIds: number[]; provenEmail: string | undefined };

/** Whom an erasure is about: the teams the person drives (blanked with them) and their proven address. */
export type ErasedSubject = { drivenTeamIds: number[]; provenEmail: string | undefined };

/**
 * A feature's part of a person's data (docs/features/privacy.md), so the data download and the
 * erasure reach every feature's records without the privacy feature knowing them: its records
 * under `key` in the download, and what goes with the person, in the erasure's transaction. What
 * an erasure counts (`{ follows: 2 }`) is recorded in its audit row, and tells the organisers'
 * erasure that it found someone. A feature adds its part when it registers (`app.personalDataParts`).
 */
export type PersonalDataPart = {
  key: string;
  exportOf: (db: Db, subject: DataSubject) => Promise<unknown[]>;
  erase: (tx: Db, subject: ErasedSubject) => Promise<Record<string, number> | void>;
};
