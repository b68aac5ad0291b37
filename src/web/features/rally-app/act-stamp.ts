/** The id and the time of an act, made on the phone at the moment of the act. */
export const actStamp = () => ({ clientId: crypto.randomUUID(), answeredAt: new Date().toISOString() });
