/**
 * Whether an SOS reached the site over a minute after it was pressed (the phone had no signal):
 * then the app, the control room and the e-mail tell both times. Apart from the control room's
 * schemas, so the rally app's page does not bring the schema library with it.
 */
export const arrivedLate = (madeAt: Date | string, arrivedAt: Date | string): boolean =>
  new Date(arrivedAt).getTime() - new Date(madeAt).getTime() > 60_000;
