import type { ComponentType } from 'react';
import type { MyRally } from '@common/schemas/clues';
import { ScoreSection } from './components/score-section';
import { CluesSection } from './components/clues-section';
import { StandingsSection } from './components/standings-section';
import { SharingSection } from './components/sharing-section';

/** What every section of the rally app is given: the team's rally as last read (or kept offline). */
export type RallyAppSectionProps = { rally: MyRally };

/**
 * The rally app's page, top to bottom: one entry per section. A new part of the app (messages from
 * the control room, SOS, "All OK tonight", the team's updates with photos) is one more entry here.
 */
export const rallyAppSections: { id: string; Section: ComponentType<RallyAppSectionProps> }[] = [
  { id: 'score', Section: ScoreSection },
  { id: 'clues', Section: CluesSection },
  { id: 'standings', Section: StandingsSection },
  { id: 'sharing', Section: SharingSection },
];
