/** Pun-style team names for the Generate Name button (spec: a built-in list of 38). */
export const teamNamePuns = [
  'Clueless in Cannes', 'Fast and Curious', 'The Brake Dancers', 'Rally Good Friends', 'Driving Miss Daisy',
  'Sat Nav Sceptics', 'The Clue Crew', 'Jersey Royals on Wheels', 'Les Misérabrakes', 'Gear Pressure',
  'The Road Scholars', 'Tyred and Emotional', 'Autobahn Voyage', 'Crêpe Expectations', 'Mile High Clue',
  'The Lost Boys', 'Pedal Pushers', 'Wheel Meet Again', 'Vroom with a View', 'Bonnet and Clyde',
  'The Rust Buckets', 'Sole Navigators', 'Route Canal', 'Fuel Me Once', 'Clutch Potatoes',
  'Le Tour de Farce', 'Exhausted Pipes', 'Croissant Cruisers', 'The Map Quest', 'Wrong Turn Clyde',
  'Baguette About It', 'Cannes Do Attitude', 'Riviera or Bust', 'Dipstick Detectives', 'Mostly Harmless Motors',
  'Oui Drive', 'The Roundabout Rebels', 'Full Throttle Fromage',
] as const;

export function randomTeamName(random: () => number = Math.random): string {
  // random() is below 1, so the index is always within the list.
  return teamNamePuns[Math.floor(random() * teamNamePuns.length)]!;
}
