import type { ComponentType } from 'react';
import type { MyClues } from '@common/schemas/clues';
import { MessagesSection } from './messages-section';
import { SafetySection } from './safety-section';
import { UpdatesSection } from './updates-section';
import { CluesSection, ScoreSection, SharingSection, StandingsSection } from '../../features/rally-app';

/** What every section of the rally app is given: the team's rally as last read (or kept offline). */
export type RallyAppSectionProps = { rally: MyClues };

/**
 * The rally app's page, top to bottom, in the order a team in a car needs it: what the organisers
 * say, then SOS and "All OK tonight", then the hunt (score, clues), the team's updates for its
 * supporters, the standings and position sharing. A new part of the app is one more entry here.
 *
 * `belowFirstScreen`: a section that only shows (no field to type in) and that a phone shows below
 * its first screen. In the page the server drew it is hydrated when it comes near the screen
 * (lib/hydrate-when-seen.tsx), so the phone's first moments go to the sections the team acts in.
 * A section with fields is never deferred: they stay disabled until their section is hydrated.
 */
export const rallyAppSections: { id: string; Section: ComponentType<RallyAppSectionProps>; belowFirstScreen?: true }[] = [
  { id: 'messages', Section: MessagesSection },
  { id: 'safety', Section: SafetySection },
  { id: 'score', Section: ScoreSection, belowFirstScreen: true },
  { id: 'clues', Section: CluesSection },
  { id: 'updates', Section: UpdatesSection },
  { id: 'standings', Section: StandingsSection, belowFirstScreen: true },
  { id: 'sharing', Section: SharingSection, belowFirstScreen: true },
];

/** The element a section deferred `belowFirstScreen` is drawn in, which its hydration watches for. */
export const deferredSectionElementId = (id: string) => `rally-app-${id}`;
