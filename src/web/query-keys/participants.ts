/** Each key is the answer's address alone, the form the server rendering fills in (entry-server.tsx). */
export const participantsKeys = {
  participants: ['/api/participants'],
  rallyParticipants: (year: number) => [`/api/participants/${year}`],
} as const;
