/** Rally Champions (fictional names; the organisers replace them with the real winners). */
export type WinnerRecord = { year: number; destination: string; winners: string; teamName: string };

export const winners: WinnerRecord[] = [
  { year: 2008, destination: 'Monaco', winners: 'Peter Le Sueur & Mark Renouf', teamName: 'The Trailblazers' },
  { year: 2009, destination: 'Barcelona, Spain', winners: 'Sarah Le Brocq & Emma Vibert', teamName: 'Catalan Crusaders' },
  { year: 2010, destination: 'Geneva, Switzerland', winners: 'James Le Marquand & Tom Pallot', teamName: 'Alpine Aces' },
  { year: 2011, destination: 'Monaco', winners: 'David Le Feuvre & Chris Amy', teamName: 'TBD' },
  { year: 2012, destination: 'St Tropez, France', winners: 'Lucy Querée & Hannah Le Cornu', teamName: 'Riviera Rockets' },
  { year: 2013, destination: 'Biarritz, France', winners: 'Rob Falle & Nick Mourant', teamName: 'Surf & Turf' },
  { year: 2015, destination: 'Paris, France', winners: 'Claire Le Gresley & Anna Hamon', teamName: 'Les Flâneuses' },
  { year: 2016, destination: 'San Sebastian, Spain', winners: 'Mike Syvret & Ben Le Quesne', teamName: 'Pintxo Pilots' },
  { year: 2017, destination: 'Milan, Italy', winners: 'Kate Le Maistre & Jo Journeaux', teamName: 'TBD' },
  { year: 2018, destination: 'Monaco', winners: 'Paul Gallichan & Steve Le Sueur', teamName: 'Monaco or Bust' },
];
