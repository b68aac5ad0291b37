/** Fictional names with a Jersey flavour for the demo data. */
export const firstNames = [
  'Peter', 'Mark', 'Sarah', 'Emma', 'James', 'Tom', 'David', 'Chris', 'Lucy', 'Hannah', 'Rob', 'Nick', 'Claire', 'Anna',
  'Mike', 'Ben', 'Kate', 'Jo', 'Paul', 'Steve', 'Richard', 'Helen', 'Andrew', 'Fiona', 'Simon', 'Rachel', 'Gareth', 'Louise',
  'Ian', 'Alison', 'Matt', 'Sophie', 'Dan', 'Laura', 'Phil', 'Vicky', 'Jon', 'Natalie', 'Alex', 'Becky',
];
export const lastNames = [
  'Le Sueur', 'Renouf', 'Le Brocq', 'Vibert', 'Le Marquand', 'Pallot', 'Le Feuvre', 'Amy', 'Querée', 'Le Cornu', 'Falle',
  'Mourant', 'Le Gresley', 'Hamon', 'Syvret', 'Le Quesne', 'Le Maistre', 'Journeaux', 'Gallichan', 'Bisson', 'de Gruchy',
  'Le Masurier', 'Romeril', 'Luce', 'Perchard', 'Ahier', 'Blampied', 'Cabot', 'Dorey', 'Egré', 'Filleul', 'Gibaut',
  'Huelin', 'Le Boutillier', 'Le Cocq', 'Le Main', 'Messervy', 'Noel', 'Picot', 'Tostevin',
];
export const carModels = [
  'Volvo 240 Estate', 'Saab 900', 'Citroën 2CV', 'Mini Cooper', 'VW Golf GTI', 'Peugeot 205', 'Land Rover Defender',
  'Ford Escort', 'Triumph Stag', 'MG B GT', 'Mercedes 190E', 'BMW E30', 'Renault 4', 'Fiat Panda 4x4', 'Porsche 944',
  'Alfa Romeo Spider', 'Jaguar XJS', 'Toyota MR2', 'Mazda MX-5', 'Rover P6',
];
export const historicTeamNames = [
  'The Trailblazers', 'Catalan Crusaders', 'Alpine Aces', 'Riviera Rockets', 'Surf & Turf', 'Les Flâneuses', 'Pintxo Pilots',
  'Monaco or Bust', 'Lost in Normandy', 'The Hare and Tortoise', 'Diesel Dreamers', 'Second Gear Heroes', 'Map Happy',
  'The Boules Brigade', 'Les Rosbifs', 'Team Jersey Cow', 'The Gorey Details', 'St Aubin Speedsters', 'Corbière Crew',
  'Grève de Lecq Racers', 'Rozel Rovers', 'The Royal Square', 'Green Island Gang', 'Bouley Bay Boys', 'Plémont Pioneers',
  'Trinity Turbos', 'St Ouen Outlaws', 'Grouville Growlers', 'La Rocque Rollers', 'Archirondel Aces', 'Noirmont Navigators',
  'Elizabeth Castle Escapees', 'St Brelade Bandits', 'Havre des Pas Hotshots', 'Mont Orgueil Motors', 'Samarès Sprinters',
];
