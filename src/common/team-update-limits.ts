/**
 * How long a team update may be: the server's schema and the phone's form both read it (a module of
 * its own, so the form does not load the schemas' validation library).
 */
export const TEAM_UPDATE_MAX = 500;
