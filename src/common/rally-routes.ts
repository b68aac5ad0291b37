/**
 * The route of each rally for the route-map embed: Jersey, the ferry to St Malo, the overnight
 * stops, then the destination. Coordinates are [longitude, latitude]. The route id is the
 * letter y followed by the year (spec section 3).
 */
export type RouteStop = { name: string; coordinates: [number, number] };
export type RallyRoute = { id: string; year: number; stops: RouteStop[] };

const places = {
  jersey: { name: 'Jersey', coordinates: [-2.107, 49.186] },
  stMalo: { name: 'St Malo', coordinates: [-2.026, 48.649] },
  leMans: { name: 'Le Mans', coordinates: [0.2, 48.006] },
  clermont: { name: 'Clermont-Ferrand', coordinates: [3.087, 45.777] },
  avignon: { name: 'Avignon', coordinates: [4.806, 43.949] },
  nantes: { name: 'Nantes', coordinates: [-1.554, 47.218] },
  bordeaux: { name: 'Bordeaux', coordinates: [-0.579, 44.838] },
  toulouse: { name: 'Toulouse', coordinates: [1.444, 43.605] },
  tours: { name: 'Tours', coordinates: [0.685, 47.394] },
  beaune: { name: 'Beaune', coordinates: [4.84, 47.026] },
  poitiers: { name: 'Poitiers', coordinates: [0.34, 46.58] },
  lyon: { name: 'Lyon', coordinates: [4.836, 45.764] },
  grenoble: { name: 'Grenoble', coordinates: [5.725, 45.189] },
  angers: { name: 'Angers', coordinates: [-0.563, 47.478] },
  vichy: { name: 'Vichy', coordinates: [3.426, 46.128] },
  aix: { name: 'Aix-en-Provence', coordinates: [5.447, 43.53] },
  laRochelle: { name: 'La Rochelle', coordinates: [-1.151, 46.16] },
  caen: { name: 'Caen', coordinates: [-0.371, 49.183] },
  rouen: { name: 'Rouen', coordinates: [1.1, 49.443] },
  orleans: { name: 'Orléans', coordinates: [1.909, 47.903] },
  dijon: { name: 'Dijon', coordinates: [5.042, 47.322] },
  chamonix: { name: 'Chamonix', coordinates: [6.869, 45.924] },
  limoges: { name: 'Limoges', coordinates: [1.261, 45.834] },
  nimes: { name: 'Nîmes', coordinates: [4.36, 43.837] },
  monaco: { name: 'Monaco', coordinates: [7.425, 43.738] },
  barcelona: { name: 'Barcelona', coordinates: [2.169, 41.387] },
  geneva: { name: 'Geneva', coordinates: [6.143, 46.204] },
  stTropez: { name: 'St Tropez', coordinates: [6.641, 43.273] },
  biarritz: { name: 'Biarritz', coordinates: [-1.559, 43.483] },
  paris: { name: 'Paris', coordinates: [2.352, 48.857] },
  sanSebastian: { name: 'San Sebastian', coordinates: [-1.981, 43.318] },
  milan: { name: 'Milan', coordinates: [9.19, 45.464] },
  cannes: { name: 'Cannes', coordinates: [7.017, 43.553] },
} satisfies Record<string, RouteStop>;

type Place = keyof typeof places;
const route = (year: number, ...via: Place[]): RallyRoute => ({
  id: `y${year}`,
  year,
  stops: (['jersey', 'stMalo', ...via] as Place[]).map((p) => places[p] as RouteStop),
});

export const rallyRoutes: RallyRoute[] = [
  route(2008, 'leMans', 'clermont', 'avignon', 'monaco'),
  route(2009, 'nantes', 'bordeaux', 'toulouse', 'barcelona'),
  route(2010, 'tours', 'beaune', 'geneva'),
  route(2011, 'poitiers', 'lyon', 'grenoble', 'monaco'),
  route(2012, 'angers', 'vichy', 'aix', 'stTropez'),
  route(2013, 'laRochelle', 'bordeaux', 'biarritz'),
  route(2015, 'caen', 'rouen', 'paris'),
  route(2016, 'nantes', 'bordeaux', 'sanSebastian'),
  route(2017, 'orleans', 'dijon', 'chamonix', 'milan'),
  route(2018, 'leMans', 'limoges', 'nimes', 'monaco'),
  route(2026, 'tours', 'clermont', 'avignon', 'cannes'),
];

export function findRoute(id: string | null): RallyRoute | undefined {
  return rallyRoutes.find((r) => r.id === id);
}
