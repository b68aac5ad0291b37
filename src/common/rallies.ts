/** Past rallies, built into the client (spec section 3). No rally ran in 2014. */
export type GalleryImage = { url: string; caption?: string };

export type RallyHistoryEntry = {
  year: number;
  destination: string;
  title: string;
  description: string;
  imageUrl: string;
  plateImageUrl: string;
  distance: string;
  duration: string;
  routeId: string;
  gallery?: GalleryImage[];
};

type RallySeed = Omit<RallyHistoryEntry, 'imageUrl' | 'plateImageUrl' | 'routeId' | 'gallery'> & {
  galleryCaptions?: string[];
  gallerySize: number;
};

const seeds: RallySeed[] = [
  {
    year: 2008,
    destination: 'Monaco',
    title: 'The Beginning',
    distance: '1,336 km',
    duration: '16.3h',
    gallerySize: 0,
    description:
      'The inaugural rally: 32 cars left Jersey for St Malo and raced clue by clue to the harbour of Monaco, and a tradition was born.',
  },
  {
    year: 2009,
    destination: 'Barcelona, Spain',
    title: 'Pyrenees & Barcelona Heat',
    distance: '1,477 km',
    duration: '18.8h',
    gallerySize: 0,
    description: 'Over the Pyrenees and down to the Catalan coast: the longest route yet, finishing in the heat of Barcelona.',
  },
  {
    year: 2010,
    destination: 'Geneva, Switzerland',
    title: 'Swiss Alpine Adventure',
    distance: '904 km',
    duration: '9.9h',
    gallerySize: 10,
    description: 'Through Burgundy and into the Alps, with clues hidden among vineyards, lakes and mountain passes on the way to Geneva.',
  },
  {
    year: 2011,
    destination: 'Monaco',
    title: 'Monaco Encore',
    distance: '1,346 km',
    duration: '18.0h',
    gallerySize: 0,
    description: 'Back to where it all started, with a tougher set of clues and a grand finish on the Riviera.',
  },
  {
    year: 2012,
    destination: 'St Tropez, France',
    title: 'Camaraderie & Challenge',
    distance: '1,240 km',
    duration: '13.6h',
    gallerySize: 6,
    description: 'A rally remembered for its friendships as much as its puzzles, ending on the quayside at St Tropez.',
  },
  {
    year: 2013,
    destination: 'Biarritz, France',
    title: 'Pyrenees Return',
    distance: '1,077 km',
    duration: '16.9h',
    gallerySize: 14,
    description: 'Down the Atlantic coast and into the foothills of the Pyrenees before a surf-side finish in Biarritz.',
  },
  {
    year: 2015,
    destination: 'Paris, France',
    title: 'City of Light',
    distance: '766 km',
    duration: '11.1h',
    gallerySize: 44,
    description: 'After a year off the rally returned with a dash through Normandy to the boulevards of Paris.',
  },
  {
    year: 2016,
    destination: 'San Sebastian, Spain',
    title: 'Spanish Coast & New Challenges',
    distance: '761 km',
    duration: '8.5h',
    gallerySize: 19,
    description: 'New clue formats and a coastal run to San Sebastian, home of the finest pintxos in Spain.',
  },
  {
    year: 2017,
    destination: 'Milan, Italy',
    title: 'Italian Splendor',
    distance: '1,442 km',
    duration: '22.0h',
    gallerySize: 21,
    description: 'Across France, over the Alps and down into Lombardy for a stylish finish in Milan.',
  },
  {
    year: 2018,
    destination: 'Monaco',
    title: 'Return to Monaco',
    distance: '1,421 km',
    duration: '22.1h',
    gallerySize: 44,
    description: 'The tenth rally went back to Monaco, the most popular destination of them all, with the biggest field in years.',
  },
];

const pad = (n: number) => String(n).padStart(2, '0');

/** Image paths are stable so generated placeholders can be swapped for real photos. */
export const rallyHistory: RallyHistoryEntry[] = seeds.map(({ gallerySize, galleryCaptions, ...r }) => ({
  ...r,
  imageUrl: `/images/rallies/${r.year}/main.webp`,
  plateImageUrl: `/images/rallies/${r.year}/plate.webp`,
  routeId: `y${r.year}`,
  gallery: gallerySize
    ? Array.from({ length: gallerySize }, (_, i) => ({
        url: `/images/rallies/${r.year}/gallery-${pad(i + 1)}.webp`,
        caption: galleryCaptions?.[i] ?? `${r.destination} ${r.year}, photo ${i + 1}`,
      }))
    : undefined,
}));

export const DEFAULT_PAST_RALLY_YEAR = 2018;

export function findRally(year: number): RallyHistoryEntry | undefined {
  return rallyHistory.find((r) => r.year === year);
}
